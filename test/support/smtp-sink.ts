import { type AddressInfo, createServer } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  /** What it has received; replaceable so a restarted sink can keep appending to the same list. */
  received: ReceivedMail[];
  stop(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const sink = { received: [] as ReceivedMail[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        sink.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    get received() {
      return sink.received;
    },
    set received(list) {
      sink.received = list;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port that nobody listens on: mail sent there fails at once. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
