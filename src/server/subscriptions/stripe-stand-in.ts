import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The SDK sends form-encoded bodies: `line_items[0][price]=…`. */
  form: URLSearchParams;
}

export interface StripeStandIn {
  /** Give it to the app as STRIPE_API_URL. */
  url: string;
  requests: StandInRequest[];
  /** The next call to this path answers Stripe's error for a bad request instead. */
  refuseNext(path: string): void;
  stop(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A local HTTP stand-in for the few endpoints of Stripe's API that the SDK calls for us: create a Checkout
 * Session and cancel a subscription. It keeps every request so tests can read what the SDK sent.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const refusals = new Set<string>();
  let sessions = 0;

  const server = createServer(async (request, response) => {
    const path = (request.url ?? "").split("?")[0] ?? "";
    const form = new URLSearchParams(await readBody(request));
    requests.push({ method: request.method ?? "", path, authorization: request.headers.authorization, form });
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${requests.length}`,
      });
      response.end(JSON.stringify(body));
    };
    if (refusals.delete(path)) {
      return answer(400, { error: { type: "invalid_request_error", message: "No such price" } });
    }
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${++sessions}`;
      return answer(200, {
        id,
        object: "checkout.session",
        mode: form.get("mode"),
        client_reference_id: form.get("client_reference_id"),
        url: `https://checkout.stripe.test/c/pay/${id}`,
      });
    }
    const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (request.method === "DELETE" && cancel) {
      return answer(200, { id: cancel[1], object: "subscription", status: "canceled" });
    }
    return answer(404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL ${path}` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refuseNext: (path) => {
      refusals.add(path);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
