import fc from "fast-check";
import { bookedDay, type RefName, refNames } from "./world.ts";

/**
 * Hostile requests for fast-check. Bodies are built as a small JSON tree and written out by hand, so that they can
 * hold what JSON.stringify never writes (duplicate keys, `__proto__` as an own key, 10,000 levels of nesting) and
 * refer to rows of the world (`ref`) that exist only when the request is sent.
 */
export type JsonTree =
  | { kind: "string"; value: string }
  | { kind: "number"; text: string }
  | { kind: "literal"; text: "true" | "false" | "null" }
  | { kind: "ref"; name: RefName }
  | { kind: "array"; items: JsonTree[] }
  | { kind: "object"; entries: [string, JsonTree][] }
  | { kind: "deep"; open: "[" | "{"; depth: number; inner: JsonTree };

export type Resolve = (name: RefName) => string | number;

export function writeJson(tree: JsonTree, resolve: Resolve): string {
  switch (tree.kind) {
    case "string":
      return JSON.stringify(tree.value);
    case "number":
    case "literal":
      return tree.text;
    case "ref":
      return JSON.stringify(resolve(tree.name));
    case "array":
      return `[${tree.items.map((item) => writeJson(item, resolve)).join(",")}]`;
    case "object":
      return `{${tree.entries.map(([key, value]) => `${JSON.stringify(key)}:${writeJson(value, resolve)}`).join(",")}}`;
    case "deep": {
      const [open, close] = tree.open === "[" ? ["[", "]"] : ['{"a":', "}"];
      return `${open.repeat(tree.depth)}${writeJson(tree.inner, resolve)}${close.repeat(tree.depth)}`;
    }
  }
}

/** Values a form field might legitimately hold: they carry a request past the first checks, deeper into a route. */
const plausibleStrings = [
  "",
  "a",
  "Ana",
  "a@example.com",
  "ADMIN@EXAMPLE.COM",
  "5550100",
  "+1 555 0100",
  bookedDay,
  "2030-01-08",
  "2020-01-06",
  "2026-03-02",
  "2026-02-30",
  "4_60",
  "8_60",
  "9_99",
  "image",
  "video",
  "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  "long-enough-1",
  "Great kicks today.",
  "Ana\u0000",
  "local",
  "stripe",
  "true",
];

/** Strings that break naive code: injections, traversal, numbers as text, odd Unicode, control characters. */
const nastyStrings = [
  "' OR '1'='1",
  "'; drop table client; --",
  "%",
  "_",
  "\\",
  "\\u0000",
  "<script>alert(1)</script>",
  "$" + "{7*7}",
  "{{7*7}}",
  "../../etc/passwd",
  "..\\..\\windows",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "0x10",
  " 7 ",
  "007",
  "9007199254740993",
  "\u0000",
  "a\u0000b",
  "2030-01-07\u0000",
  "a@example.com\u0000.evil",
  "\r\nSet-Cookie: x=1",
  "\u202Egnp.exe",
  "e\u0301",
  "👨‍👩‍👧‍👦",
  "\uFEFF",
  "\u2028\u2029",
  "\u200B",
  "ａ@ｅｘａｍｐｌｅ.ｃｏｍ",
  "İstanbul",
  "ß",
  "\uD800",
  "\uDFFF\uD800",
  "\uFFFF",
  " ",
  "\t\n",
];

// Any code point (lone surrogates included). Made once: each such arbitrary builds a table of every code point.
const anyString = fc.string({ unit: "binary", maxLength: 40 });
const anyShortString = anyString.map((text) => text.slice(0, 12));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...plausibleStrings), weight: 4 },
  { arbitrary: fc.constantFrom(...nastyStrings), weight: 4 },
  { arbitrary: anyString, weight: 2 },
  {
    arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)) }),
    weight: 1,
  },
  // Long: just past the fields' limits (100, 254, 2000, 5000 characters), under the 64 KiB body limit.
  { arbitrary: fc.constantFrom(101, 255, 2_001, 5_001, 8_000).map((n) => "x".repeat(n)), weight: 1 },
  { arbitrary: fc.constantFrom(60, 250, 1_000).map((n) => `${"é".repeat(n)}@example.com`), weight: 1 },
);

const hostileNumber: fc.Arbitrary<string> = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.constantFrom(
    "0",
    "-0",
    "1",
    "-1",
    "1.5",
    "1e309",
    "-1e309",
    "1e-400",
    "9007199254740993",
    "2147483648",
    "123456789012345678901234567890",
  ),
);

/** A field name of one of the API's request schemas, or one meant to poison an object. */
export function hostileKey(fieldNames: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...fieldNames), weight: 6 },
    {
      arbitrary: fc.constantFrom(
        "__proto__",
        "constructor",
        "prototype",
        "toString",
        "valueOf",
        "hasOwnProperty",
        "__defineGetter__",
        "",
        " ",
        "a.b",
        "0",
        "$where",
        "role",
        "isAdmin",
        "userId",
        "id",
        bookedDay,
      ),
      weight: 3,
    },
    { arbitrary: anyShortString, weight: 1 },
  );
}

export function hostileValue(fieldNames: readonly string[]): fc.Arbitrary<JsonTree> {
  const key = hostileKey(fieldNames);
  const { value } = fc.letrec<{ value: JsonTree }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      { arbitrary: hostileString.map((value) => ({ kind: "string" as const, value })), weight: 5 },
      { arbitrary: hostileNumber.map((text) => ({ kind: "number" as const, text })), weight: 2 },
      {
        arbitrary: fc
          .constantFrom("true", "false", "null")
          .map((text) => ({ kind: "literal" as const, text })),
        weight: 2,
      },
      { arbitrary: fc.constantFrom(...refNames).map((name) => ({ kind: "ref" as const, name })), weight: 3 },
      {
        arbitrary: fc
          .array(tie("value"), { maxLength: 4 })
          .map((items) => ({ kind: "array" as const, items })),
        weight: 2,
      },
      {
        arbitrary: fc
          .array(fc.tuple(key, tie("value")), { maxLength: 4 })
          .map((entries) => ({ kind: "object" as const, entries })),
        weight: 2,
      },
    ),
  }));
  return value as fc.Arbitrary<JsonTree>;
}

export interface HostileBody {
  /** Absent: no Content-Type header. */
  contentType?: string;
  /** Absent: no body at all. */
  text?: JsonTree | string;
  /** What kind of attack, for the failure message. */
  label: string;
}

/** A request schema's keys, each with the values of `plausibleTrees` that it accepts (none: only hostile ones). */
export interface BodyTemplate {
  keys: readonly string[];
  valid: Readonly<Record<string, readonly JsonTree[]>>;
}

const str = (value: string): JsonTree => ({ kind: "string", value });
const strings = (...values: string[]): JsonTree => ({ kind: "array", items: values.map(str) });

/** Values tried on every field of every schema; those a field accepts make near-valid bodies. */
export const plausibleTrees: readonly JsonTree[] = [
  ...plausibleStrings.map(str),
  ...refNames.map((name): JsonTree => ({ kind: "ref", name })),
  ...["0", "1", "60000"].map((text): JsonTree => ({ kind: "number", text })),
  ...(["true", "false"] as const).map((text): JsonTree => ({ kind: "literal", text })),
  strings(),
  strings(bookedDay),
  strings(bookedDay, "2030-01-14"),
  strings("2020-01-06"),
  { kind: "object", entries: [[bookedDay, str("Great kicks today.")]] },
  { kind: "object", entries: [[bookedDay, str("")]] },
  // Valid for a schema that forgets NUL, which PostgreSQL cannot store in text.
  { kind: "object", entries: [[bookedDay, str("Great\u0000kicks")]] },
];

/**
 * Bodies: any JSON value; a schema's fields, mostly with values it accepts and some hostile (one dropped or one
 * extra now and then), for the route's own schemas (`templates`) more often than any other; prototype-pollution
 * keys; deep nesting; broken JSON; the fields under the wrong content type; a body over the 64 KiB limit; none.
 */
export function hostileBody(
  templates: readonly BodyTemplate[],
  routeTemplates: readonly BodyTemplate[],
): fc.Arbitrary<HostileBody> {
  const fieldNames = [...new Set(templates.flatMap((template) => template.keys))];
  const value = hostileValue(fieldNames);
  // A field's accepted values, the world's rows first (they lead past "not found"), sometimes a hostile one.
  const field = (valid: readonly JsonTree[] | undefined) => {
    const refs = (valid ?? []).filter((tree) => tree.kind === "ref");
    const others = (valid ?? []).filter((tree) => tree.kind !== "ref");
    return fc.oneof(
      ...(refs.length > 0 ? [{ arbitrary: fc.constantFrom(...refs), weight: 3 }] : []),
      ...(others.length > 0 ? [{ arbitrary: fc.constantFrom(...others), weight: 2 }] : []),
      { arbitrary: value, weight: 1 },
    );
  };
  const shapedFrom = (choices: readonly BodyTemplate[]) =>
    fc
      .constantFrom(...choices)
      .chain((template) =>
        fc.record({
          entries: fc.tuple(
            ...template.keys.map((key) =>
              field(template.valid[key]).map((v): [string, JsonTree] => [key, v]),
            ),
          ),
          change: fc.constantFrom("none", "none", "drop", "add"),
          at: fc.nat(),
          extra: fc.tuple(hostileKey(fieldNames), value),
        }),
      )
      .map(({ entries, change, at, extra }): JsonTree => {
        const kept = [...entries];
        if (change === "drop" && kept.length > 0) kept.splice(at % kept.length, 1);
        if (change === "add") kept.push(extra);
        return { kind: "object", entries: kept };
      });
  const anySchema = shapedFrom(templates);
  const shaped =
    routeTemplates.length > 0
      ? fc.oneof({ arbitrary: shapedFrom(routeTemplates), weight: 3 }, { arbitrary: anySchema, weight: 1 })
      : anySchema;
  const polluted = fc.tuple(shaped, value).map(([body, inner]): JsonTree => {
    const entries = body.kind === "object" ? body.entries : [];
    const admin: JsonTree = {
      kind: "object",
      entries: [
        ["role", { kind: "string", value: "admin" }],
        ["isAdmin", { kind: "literal", text: "true" }],
      ],
    };
    return {
      kind: "object",
      entries: [
        ["__proto__", admin],
        ["constructor", { kind: "object", entries: [["prototype", admin]] }],
        ...entries,
        ["__proto__", inner],
      ],
    };
  });
  const json = (tree: fc.Arbitrary<JsonTree | string>, label: string) =>
    tree.map((text): HostileBody => ({ contentType: "application/json", text, label }));
  const deep = fc
    .record({
      open: fc.constantFrom("[" as const, "{" as const),
      depth: fc.integer({ min: 50, max: 10_000 }),
      inner: value,
    })
    .map((tree): JsonTree => ({ kind: "deep", ...tree }));
  const broken = fc.oneof(
    fc.constantFrom(
      "",
      "{",
      "}",
      "[",
      "{a:1}",
      "{'a':1}",
      '{"a":1,}',
      "[1,]",
      "NaN",
      "undefined",
      '"unterminated',
      "\uFEFF{}",
      "{}{}",
      "\u0000",
      "nul",
    ),
    fc.tuple(shaped, fc.nat()).map(([tree, cut]) => {
      const text = writeJson(tree, () => "ref");
      return text.slice(0, cut % Math.max(text.length, 1));
    }),
  );
  const formPairs = fc.array(fc.tuple(hostileKey(fieldNames), hostileString), { maxLength: 5 });
  const wrongType = fc.tuple(
    fc.constantFrom(
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=xyz",
      "multipart/form-data",
      "application/xml",
      "application/json; charset=utf-16",
      "application/json-patch+json",
      "*/*",
      "garbage",
    ),
    fc.oneof(
      shaped,
      formPairs.map((pairs) => pairs.map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`).join("&")),
      formPairs.map(
        (pairs) =>
          `${pairs.map(([k, v]) => `--xyz\r\nContent-Disposition: form-data; name="${k.replaceAll('"', "")}"\r\n\r\n${v}\r\n`).join("")}--xyz--\r\n`,
      ),
    ),
  );
  return fc.oneof(
    { arbitrary: json(value, "any JSON value"), weight: 2 },
    { arbitrary: json(shaped, "a schema's fields"), weight: 8 },
    { arbitrary: json(polluted, "prototype pollution"), weight: 2 },
    { arbitrary: json(deep, "deep nesting"), weight: 1 },
    { arbitrary: json(broken, "broken JSON"), weight: 2 },
    {
      arbitrary: wrongType.map(
        ([contentType, text]): HostileBody => ({ contentType, text, label: "wrong content type" }),
      ),
      weight: 2,
    },
    { arbitrary: shaped.map((text): HostileBody => ({ text, label: "no content type" })), weight: 1 },
    { arbitrary: fc.constant<HostileBody>({ label: "no body" }), weight: 1 },
    {
      arbitrary: fc.constant<HostileBody>({
        contentType: "application/json",
        text: JSON.stringify("x".repeat(70_000)),
        label: "over the body limit",
      }),
      weight: 1,
    },
  );
}

/** encodeURIComponent, except for lone surrogates (which it cannot encode): those go in raw. */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Numbers at the edge of what an id column holds: the largest PostgreSQL `integer`, one past it, one past
 * JavaScript's safe integers. Every route with a path parameter meets each of them on every run.
 */
export const boundaryIds = ["2147483647", "2147483648", "9007199254740993"] as const;

/** A path parameter: the world's ids (own, another client's, of another kind), ids that do not exist, attacks. */
export type PathValue = { kind: "ref"; name: RefName } | { kind: "raw"; text: string };

export const hostilePathValue: fc.Arbitrary<PathValue> = fc.oneof(
  { arbitrary: fc.constantFrom(...refNames).map((name): PathValue => ({ kind: "ref", name })), weight: 4 },
  {
    arbitrary: fc
      .constantFrom(
        "abcdefghijklmnopqrstuvwxyz012345",
        "999999",
        ...boundaryIds,
        "0",
        "-1",
        "1.5",
        "1e3",
        "0x1f",
        "00000000001",
        "99999999999999999999999",
        "AAAAAAAAAAAAAAAAAAAAAA",
        `${"A".repeat(43)}.ics`,
        `${"A".repeat(43)}.ICS`,
        "local_cs_none",
      )
      .map((text): PathValue => ({ kind: "raw", text })),
    weight: 3,
  },
  {
    // Not encoded: the URL parser and the router see them as they are.
    arbitrary: fc
      .constantFrom(
        "..",
        ".",
        "%2e%2e",
        "%2E%2E%2F%2E%2E",
        "%2F",
        "a%2Fb",
        "..%2F..%2Fetc%2Fpasswd",
        "%00",
        "%ff",
        "%",
        "%zz",
        "%E0%A4%A",
        "%C0%AE%C0%AE",
        "~",
        "'",
        "null",
        "undefined",
        "__proto__",
        "constructor",
        "%20",
        "+",
        "*",
        ";",
        "a;b=c",
        "a?b",
        "a#b",
        "",
      )
      .map((text): PathValue => ({ kind: "raw", text })),
    weight: 3,
  },
  {
    arbitrary: hostileString.map((text): PathValue => ({ kind: "raw", text: encodeLoosely(text) })),
    weight: 3,
  },
  {
    arbitrary: fc
      .constantFrom("a".repeat(5_000), encodeURIComponent("é".repeat(2_000)))
      .map((text): PathValue => ({ kind: "raw", text })),
    weight: 1,
  },
);

/** One `key=value` of a query string, written out as is, or with the value of one of the world's rows. */
export type QueryPart = { raw: string } | { key: string; ref: RefName };

/** A query string: the API's field names and others, hostile values, repeated keys, broken escapes. */
export function hostileQuery(fieldNames: readonly string[]): fc.Arbitrary<QueryPart[]> {
  const part = fc.oneof(
    {
      arbitrary: fc
        .tuple(hostileKey(fieldNames), hostileString)
        .map(([k, v]): QueryPart => ({ raw: `${encodeLoosely(k)}=${encodeLoosely(v)}` })),
      weight: 8,
    },
    {
      arbitrary: fc
        .tuple(hostileKey(fieldNames), fc.constantFrom(...refNames))
        .map(([key, ref]): QueryPart => ({ key, ref })),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(
          "page=-1",
          "page=0",
          "page=1e9",
          "page=abc",
          "page=1&page=2",
          "year=abc",
          "year=99999",
          "month=13",
          "type=__proto__",
          "search=%",
          "search=%zz",
          "search=%ff%fe",
          "&&=&",
          "=",
          "a",
          "token=",
          `search=${"s".repeat(8_000)}`,
        )
        .map((raw): QueryPart => ({ raw })),
      weight: 2,
    },
  );
  return fc.oneof(
    { arbitrary: fc.constant<QueryPart[]>([]), weight: 1 },
    { arbitrary: fc.array(part, { minLength: 1, maxLength: 4 }), weight: 3 },
  );
}

export function writeQuery(parts: readonly QueryPart[], resolve: Resolve): string {
  if (parts.length === 0) return "";
  const written = parts.map((part) =>
    "raw" in part ? part.raw : `${encodeLoosely(part.key)}=${encodeURIComponent(String(resolve(part.ref)))}`,
  );
  return `?${written.join("&")}`;
}

export function writePathValue(value: PathValue, resolve: Resolve): string {
  return value.kind === "raw" ? value.text : encodeURIComponent(String(resolve(value.name)));
}

/** Now and then a request that another site's page sent. */
export const hostileOrigin = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 12 },
  {
    arbitrary: fc.constantFrom("https://evil.example", "null", "http://localhost:3000.evil.example"),
    weight: 1,
  },
);

/**
 * The language a request asks in: mostly none or ours (as our pages send it), then what a stranger might send, an
 * Accept-Language of any text and a `lang` cookie of any value. Every answer is written in one of the site's
 * languages whatever these say.
 */
export const hostileLanguage = fc.oneof(
  { arbitrary: fc.constant<{ acceptLanguage?: string; langCookie?: string }>({}), weight: 6 },
  {
    arbitrary: fc.record(
      {
        acceptLanguage: fc.constantFrom("es", "es-MX,es;q=0.9,en;q=0.8", "en-US,en;q=0.9", "fr-FR", "*"),
        langCookie: fc.constantFrom("es", "en"),
      },
      { requiredKeys: [] },
    ),
    weight: 4,
  },
  {
    arbitrary: fc.record(
      {
        acceptLanguage: fc.oneof(
          fc.constantFrom("", ";q=0", "es;q=abc", "es;q=-1,en;q=2", ",,,;;;", "ES-es", "es".repeat(2000)),
          fc.string({ maxLength: 60 }).filter((text) => /^[\x20-\x7e]*$/.test(text)),
        ),
        langCookie: fc.oneof(
          fc.constantFrom("", "fr", "ES", "es; lang=en", "%65s"),
          fc.string({ maxLength: 20 }).filter((text) => /^[\x21-\x7e]*$/.test(text) && !/[;,]/.test(text)),
        ),
      },
      { requiredKeys: [] },
    ),
    weight: 2,
  },
);
