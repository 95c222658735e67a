/**
 * Generates the site's own media: flat vector illustrations drawn as SVG strings here, rasterised with sharp
 * into AVIF + WebP at fixed widths, short looping videos encoded with ffmpeg from rendered frames, the social
 * share image, the logo and the favicon. Every output is deterministic: randomness comes from a seeded PRNG per
 * image, and animation is a pure function of the loop phase t in [0, 1).
 *
 *   node --import tsx scripts/make-media.ts      (npm run media)
 *
 * Writes public/media/* (emptied first), public/logo.svg, public/favicon.svg and src/content/media.json.
 * While drawing: MEDIA_ONLY=why-1,reel-3 redoes just those images (nothing deleted), MEDIA_SKIP_VIDEO=1 skips
 * the videos; FFMPEG=/path/to/ffmpeg if it is not on PATH.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { hasFfmpeg, run } from "./run-command.ts";

const root = path.resolve(import.meta.dirname, "..");
const mediaDir = path.join(root, "public/media");
const manifestFile = path.join(root, "src/content/media.json");
const ffmpeg = process.env.FFMPEG || "ffmpeg";
const TAU = Math.PI * 2;

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness and number formatting

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

class Rng {
  private state: number;
  constructor(seed: string) {
    this.state = hashString(seed);
  }
  /** mulberry32 */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

/** A number for SVG: one decimal, no "-0". */
const n = (value: number): string => {
  const r = Math.round(value * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
};
const wrap01 = (value: number) => value - Math.floor(value);

// ---------------------------------------------------------------------------------------------------------------
// Palette

interface Palette {
  sky: readonly [string, string];
  /** Lightest (far, surface) to deepest. */
  water: readonly [string, string, string, string, string];
  accent: string;
  accent2: string;
  sand: string;
  sun: string;
}

const palettes = {
  day: {
    sky: ["#cdeffa", "#f3fcfd"],
    water: ["#a4e4ec", "#5fcad7", "#2ea7c9", "#1880b8", "#0d5e9b"],
    accent: "#ff7f6b",
    accent2: "#ffcf4a",
    sand: "#f3d9a4",
    sun: "#ffd25a",
  },
  lagoon: {
    sky: ["#d8f5ec", "#fbfdf4"],
    water: ["#aaeedd", "#63d3c2", "#2fb0aa", "#188c94", "#0f6a7a"],
    accent: "#ff8a5c",
    accent2: "#ffd166",
    sand: "#f5dfb0",
    sun: "#ffcf4a",
  },
  deep: {
    sky: ["#cfe4ff", "#eef6ff"],
    water: ["#93d2f3", "#52abe4", "#2d86d0", "#1b63b0", "#0f468a"],
    accent: "#ff6f7d",
    accent2: "#ffe07a",
    sand: "#f1d7a8",
    sun: "#ffd866",
  },
  sunset: {
    sky: ["#ffcfb3", "#fff0de"],
    water: ["#9edbe6", "#60bad9", "#3b93c7", "#2a6fae", "#1d4f8f"],
    accent: "#ff6b5b",
    accent2: "#ffc857",
    sand: "#f7d8a8",
    sun: "#ffb347",
  },
  mint: {
    sky: ["#e0f7f0", "#fdfcf3"],
    water: ["#bdf1e5", "#80dccf", "#45bfc0", "#2499ae", "#157390"],
    accent: "#f9845b",
    accent2: "#ffd45e",
    sand: "#f6e2b8",
    sun: "#ffd45e",
  },
  coral: {
    sky: ["#ffe3d8", "#fff7ef"],
    water: ["#a9e6ee", "#6ccbdb", "#37a9cc", "#2085bb", "#12619e"],
    accent: "#ff7a6e",
    accent2: "#ffd36b",
    sand: "#f5d6a6",
    sun: "#ffc75f",
  },
} satisfies Record<string, Palette>;
type PaletteName = keyof typeof palettes;

const skins = ["#f6d0b1", "#e8b48f", "#c98b62", "#9c6644", "#6e4630"] as const;
const hairs = ["#2b1d16", "#5a3825", "#8a5a33", "#d9a65a", "#1c1c24", "#b5533c"] as const;
const suits = ["#ff7f6b", "#ffcf4a", "#7b6cf6", "#ff5fa2", "#2bb3c0", "#0b4f8a", "#35c48b"] as const;
const ink = "#1d3557";

// ---------------------------------------------------------------------------------------------------------------
// Scene context and primitives

interface Ctx {
  W: number;
  H: number;
  rng: Rng;
  pal: Palette;
  /** Loop phase, 0 ≤ t < 1 (0 for still images). */
  t: number;
  /** Unique prefix for ids inside this document. */
  id: string;
}

const circle = (x: number, y: number, r: number, attrs: string) =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(Math.max(r, 0.1))}" ${attrs}/>`;
const ellipse = (x: number, y: number, rx: number, ry: number, attrs: string) =>
  `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" ${attrs}/>`;
const rect = (x: number, y: number, w: number, h: number, rx: number, attrs: string) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ""} ${attrs}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, attrs: string) =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" ${attrs}/>`;
const stroke = (color: string, width: number, extra = "") =>
  `fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ""}`;
const g = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;

function linearGradient(id: string, stops: readonly string[], vertical = true): string {
  const s = stops.map((c, i) => `<stop offset="${n(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`);
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return `<linearGradient id="${id}" ${dir}>${s.join("")}</linearGradient>`;
}

function skyBackground(c: Ctx, top = c.pal.sky[0], bottom = c.pal.sky[1]): string {
  const id = `${c.id}sky`;
  return `<defs>${linearGradient(id, [top, bottom])}</defs>${rect(0, 0, c.W, c.H, 0, `fill="url(#${id})"`)}`;
}

function sun(x: number, y: number, r: number, color: string, rotation = 0, rays = 12): string {
  let out = circle(x, y, r * 1.75, `fill="${color}" fill-opacity=".18"`);
  out += circle(x, y, r * 1.35, `fill="${color}" fill-opacity=".25"`);
  const rs: string[] = [];
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * TAU + (rotation * Math.PI) / 180;
    rs.push(
      `M${n(x + Math.cos(a) * r * 1.5)} ${n(y + Math.sin(a) * r * 1.5)}L${n(x + Math.cos(a) * r * 1.85)} ${n(y + Math.sin(a) * r * 1.85)}`,
    );
  }
  if (rays > 0) out += `<path d="${rs.join("")}" ${stroke(color, r * 0.16)}/>`;
  out += circle(x, y, r, `fill="${color}"`);
  return out;
}

function cloud(x: number, y: number, s: number, opacity = 0.9): string {
  const body =
    circle(x, y, 10 * s, "") +
    circle(x + 13 * s, y - 7 * s, 13 * s, "") +
    circle(x + 27 * s, y - 1 * s, 10 * s, "") +
    rect(x - 2 * s, y - 2 * s, 32 * s, 12 * s, 6 * s, "");
  return `<g fill="#ffffff" fill-opacity="${opacity}">${body}</g>`;
}

interface Wave {
  y: number;
  amp: number;
  len: number;
  phase: number;
  color: string;
  /** Relative strength of the second harmonic. */
  h2?: number;
}

function waveY(w: Wave, x: number): number {
  const a = (x / w.len) * TAU + w.phase;
  return w.y + w.amp * Math.sin(a) + w.amp * (w.h2 ?? 0.3) * Math.sin(2 * a + 1.3);
}

/** A filled wave band from the wave line down to `bottom`. Smooth (Catmull-Rom as cubic Béziers). */
function wavePath(w: Wave, W: number, bottom: number, attrs = ""): string {
  const steps = Math.max(16, Math.ceil(W / Math.min(w.len / 6, 60)));
  const pts: [number, number][] = [];
  for (let i = -1; i <= steps + 1; i++) {
    const x = (W * i) / steps;
    pts.push([x, waveY(w, x)]);
  }
  let d = `M${n(-4)} ${n(bottom)}L${n(-4)} ${n(pts[1]?.[1] ?? 0)}L${n(0)} ${n(pts[1]?.[1] ?? 0)}`;
  for (let i = 1; i < pts.length - 2; i++) {
    const p0 = pts[i - 1] as [number, number];
    const p1 = pts[i] as [number, number];
    const p2 = pts[i + 1] as [number, number];
    const p3 = pts[i + 2] as [number, number];
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${n(c1x)} ${n(c1y)} ${n(c2x)} ${n(c2y)} ${n(p2[0])} ${n(p2[1])}`;
  }
  d += `L${n(W + 4)} ${n(pts[pts.length - 2]?.[1] ?? 0)}L${n(W + 4)} ${n(bottom)}Z`;
  return `<path d="${d}" fill="${w.color}"${attrs ? ` ${attrs}` : ""}/>`;
}

/** A thin highlight line along a wave's crest. */
function waveCrest(w: Wave, W: number, width: number, opacity: number): string {
  const steps = Math.max(16, Math.ceil(W / 24));
  let d = "";
  for (let i = 0; i <= steps; i++) {
    const x = (W * i) / steps;
    d += `${i ? "L" : "M"}${n(x)} ${n(waveY(w, x) + width * 0.9)}`;
  }
  return `<path d="${d}" ${stroke("#ffffff", width, `stroke-opacity="${opacity}"`)}/>`;
}

function bubble(x: number, y: number, r: number, opacity = 0.85): string {
  return (
    circle(
      x,
      y,
      r,
      `fill="#ffffff" fill-opacity="${n(opacity * 0.22)}" stroke="#ffffff" stroke-opacity="${n(opacity)}" stroke-width="${n(Math.max(1.2, r * 0.16))}"`,
    ) + circle(x - r * 0.35, y - r * 0.35, r * 0.22, `fill="#ffffff" fill-opacity="${n(opacity)}"`)
  );
}

/** Bubbles rising through a box; whole loops per animation cycle, so the field is seamless in t. */
function bubbleField(
  c: Ctx,
  count: number,
  box: { x0: number; y0: number; x1: number; y1: number },
  rMin: number,
  rMax: number,
): string {
  let out = "";
  const height = box.y1 - box.y0;
  for (let i = 0; i < count; i++) {
    const bx = c.rng.range(box.x0, box.x1);
    const p = c.rng.next();
    const speed = c.rng.pick([1, 1, 2]);
    const r = c.rng.range(rMin, rMax) * (speed === 2 ? 0.75 : 1);
    const wobble = c.rng.range(0.5, 1.5) * r;
    const q = wrap01(p + speed * c.t);
    const y = box.y1 + r - q * (height + 2 * r);
    const x = bx + Math.sin(TAU * (3 * c.t + p)) * wobble;
    const fade = Math.min(1, (y - box.y0) / (height * 0.2), (box.y1 - y) / (height * 0.1));
    if (fade > 0.02) out += bubble(x, y, r, 0.85 * Math.max(0, fade));
  }
  return out;
}

/** Soft light shafts from the surface. */
function lightRays(c: Ctx, top: number, count: number, opacity = 0.08): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = c.rng.range(-0.1, 1.1) * c.W;
    const w = c.rng.range(0.03, 0.08) * c.W;
    const lean = c.rng.range(0.1, 0.3) * c.W + Math.sin(TAU * (c.t + i / count)) * c.W * 0.015;
    d += `M${n(x)} ${n(top)}L${n(x + w)} ${n(top)}L${n(x + w * 2.2 + lean)} ${n(c.H)}L${n(x + lean)} ${n(c.H)}Z`;
  }
  return `<path d="${d}" fill="#ffffff" fill-opacity="${opacity}"/>`;
}

/** Wavy caustic lines (pool floor light). */
function caustics(c: Ctx, spacing: number, opacity: number, width: number, vertical = false): string {
  let d = "";
  const len = vertical ? c.H : c.W;
  const across = vertical ? c.W : c.H;
  for (let k = -1; k * spacing < across + spacing; k++) {
    const base = k * spacing + c.rng.range(-0.2, 0.2) * spacing;
    const ph = c.rng.next() * TAU;
    const l = c.rng.range(0.8, 1.3) * spacing * 2;
    const steps = Math.ceil(len / 16);
    for (let i = 0; i <= steps; i++) {
      const a = (i * len) / steps;
      const b = base + Math.sin((a / l) * TAU + ph + TAU * c.t) * spacing * 0.22;
      const [x, y] = vertical ? [b, a] : [a, b];
      d += `${i ? "L" : "M"}${n(x)} ${n(y)}`;
    }
  }
  return `<path d="${d}" ${stroke("#ffffff", width, `stroke-opacity="${opacity}"`)}/>`;
}

function laneRope(x1: number, y1: number, x2: number, y2: number, w: number, c1: string, c2: string): string {
  const dash = `stroke-dasharray="${n(w * 1.3)} ${n(w * 1.3)}"`;
  return line(x1, y1, x2, y2, stroke(c1, w)) + line(x1, y1, x2, y2, stroke(c2, w * 0.98, dash));
}

function ring(x: number, y: number, rx: number, ry: number, w: number, c1: string, c2 = "#ffffff"): string {
  const circumference = Math.PI * (3 * (rx + ry) - Math.sqrt((3 * rx + ry) * (rx + 3 * ry)));
  const seg = circumference / 8;
  return (
    ellipse(x, y + w * 0.25, rx, ry, stroke("#000000", w, 'stroke-opacity=".12"')) +
    ellipse(x, y, rx, ry, stroke(c1, w)) +
    ellipse(
      x,
      y,
      rx,
      ry,
      `fill="none" stroke="${c2}" stroke-width="${n(w)}" stroke-dasharray="${n(seg)} ${n(seg)}"`,
    ) +
    ellipse(x, y - ry * 0.12, rx * 0.98, ry * 0.9, stroke("#ffffff", w * 0.18, 'stroke-opacity=".45"'))
  );
}

function kickboard(x: number, y: number, w: number, h: number, rot: number, color: string): string {
  const body =
    rect(-w / 2, -h / 2, w, h, Math.min(w, h) * 0.45, `fill="${color}"`) +
    rect(-w / 2, -h / 2, w, h, Math.min(w, h) * 0.45, stroke("#ffffff", h * 0.05, 'stroke-opacity=".5"')) +
    ellipse(w * 0.28, 0, w * 0.1, h * 0.14, 'fill="#ffffff" fill-opacity=".55"');
  return g(`translate(${n(x)} ${n(y)}) rotate(${n(rot)})`, body);
}

/** A rubber-duck style duck floating at (x, y), about 36×26 units. */
function duck(x: number, y: number, s: number, flip = false, color = "#ffd23f"): string {
  const body =
    `<path d="M-15 -4Q-19 -13 -13 -12Q-9 -11 -7 -9Q0 -12 9 -8Q14 -5 12 0Q9 4 0 4L-10 4Q-16 2 -15 -4Z" fill="${color}"/>` +
    `<path d="M-6 -5Q0 -1 6 -5" ${stroke("#e6a800", 1.3)}/>` +
    circle(8, -15, 6.2, `fill="${color}"`) +
    `<path d="M13 -16Q19 -15.5 19.5 -13.5Q19 -11.5 13 -12Z" fill="#ff8c2b"/>` +
    circle(9.5, -16.5, 1.1, `fill="${ink}"`) +
    circle(6.5, -13, 1.4, 'fill="#ff9a7a" fill-opacity=".6"') +
    ellipse(-1, 4.5, 15, 1.6, 'fill="#ffffff" fill-opacity=".55"');
  return g(`translate(${n(x)} ${n(y)}) scale(${n(flip ? -s : s)} ${n(s)})`, body);
}

// ---------------------------------------------------------------------------------------------------------------
// People

interface Face {
  skin: string;
  eyes?: "dot" | "happy";
  cheeks?: boolean;
}

/** Eyes, smile and cheeks on a front-facing head of radius r. */
function faceFeatures(x: number, y: number, r: number, f: Face, goggles?: string): string {
  let out = "";
  if (goggles) {
    out += line(x - r * 0.98, y - r * 0.12, x + r * 0.98, y - r * 0.12, stroke(goggles, r * 0.12));
    for (const sx of [-1, 1]) {
      out += circle(
        x + sx * r * 0.36,
        y - r * 0.12,
        r * 0.26,
        `fill="#bff3ff" stroke="${goggles}" stroke-width="${n(r * 0.09)}"`,
      );
      out += circle(x + sx * r * 0.36 - r * 0.08, y - r * 0.2, r * 0.07, 'fill="#ffffff"');
    }
  } else if (f.eyes === "happy") {
    for (const sx of [-1, 1]) {
      const ex = x + sx * r * 0.36;
      out += `<path d="M${n(ex - r * 0.13)} ${n(y - r * 0.05)}Q${n(ex)} ${n(y - r * 0.25)} ${n(ex + r * 0.13)} ${n(y - r * 0.05)}" ${stroke(ink, r * 0.08)}/>`;
    }
  } else {
    for (const sx of [-1, 1]) out += circle(x + sx * r * 0.36, y - r * 0.1, r * 0.095, `fill="${ink}"`);
  }
  if (f.cheeks !== false) {
    for (const sx of [-1, 1])
      out += circle(x + sx * r * 0.56, y + r * 0.22, r * 0.14, 'fill="#ff8f7a" fill-opacity=".45"');
  }
  out += `<path d="M${n(x - r * 0.3)} ${n(y + r * 0.28)}Q${n(x)} ${n(y + r * 0.6)} ${n(x + r * 0.3)} ${n(y + r * 0.28)}" ${stroke(ink, r * 0.08)}/>`;
  return out;
}

/** A swim cap over the top of a front-facing head. */
function swimCap(x: number, y: number, r: number, color: string): string {
  const rr = r * 1.04;
  return (
    `<path d="M${n(x - rr)} ${n(y - r * 0.2)}A${n(rr)} ${n(rr)} 0 0 1 ${n(x + rr)} ${n(y - r * 0.2)}Q${n(x)} ${n(y - r * 0.42)} ${n(x - rr)} ${n(y - r * 0.2)}Z" fill="${color}"/>` +
    `<path d="M${n(x - r * 0.5)} ${n(y - r * 0.72)}Q${n(x - r * 0.1)} ${n(y - r * 0.95)} ${n(x + r * 0.25)} ${n(y - r * 0.9)}" ${stroke("#ffffff", r * 0.1, 'stroke-opacity=".5"')}/>`
  );
}

/** A front-facing head at the water line: head, cap or hair, face. */
function headFront(
  x: number,
  y: number,
  r: number,
  o: { skin: string; cap?: string; hair?: string; goggles?: string; eyes?: "dot" | "happy" },
): string {
  let out = circle(x - r * 0.98, y + r * 0.05, r * 0.2, `fill="${o.skin}"`);
  out += circle(x + r * 0.98, y + r * 0.05, r * 0.2, `fill="${o.skin}"`);
  out += circle(x, y, r, `fill="${o.skin}"`);
  if (o.cap) out += swimCap(x, y, r, o.cap);
  else if (o.hair)
    out += `<path d="M${n(x - r * 1.02)} ${n(y - r * 0.05)}A${n(r * 1.02)} ${n(r * 1.04)} 0 0 1 ${n(x + r * 1.02)} ${n(y - r * 0.05)}Q${n(x + r * 0.5)} ${n(y - r * 0.55)} ${n(x - r * 0.1)} ${n(y - r * 0.45)}Q${n(x - r * 0.6)} ${n(y - r * 0.4)} ${n(x - r * 1.02)} ${n(y - r * 0.05)}Z" fill="${o.hair}"/>`;
  out += faceFeatures(x, y + r * 0.08, r, { skin: o.skin, eyes: o.eyes }, o.goggles);
  return out;
}

/** Side view, facing right, front crawl at the surface y. Returns parts behind and in front of the water. */
function swimmerSide(
  x: number,
  y: number,
  s: number,
  o: { skin: string; cap: string; kick?: string; flip?: boolean },
): { back: string; front: string } {
  const f = o.flip ? -1 : 1;
  const X = (dx: number) => x + f * dx * s;
  const Y = (dy: number) => y + dy * s;
  let back = "";
  if (o.kick) {
    back += `<path d="M${n(X(-2))} ${n(Y(-1))}L${n(X(15))} ${n(Y(-3))}" ${stroke(o.skin, 4.2 * s)}/>`;
  } else {
    back += `<path d="M${n(X(-5))} ${n(Y(0))}C${n(X(-2))} ${n(Y(-27))} ${n(X(20))} ${n(Y(-29))} ${n(X(27))} ${n(Y(-3))}" ${stroke(o.skin, 4.6 * s)}/>`;
    back += circle(X(27), Y(-3), 2.9 * s, `fill="${o.skin}"`);
  }
  back += circle(X(0), Y(-3), 9 * s, `fill="${o.skin}"`);
  // cap over the back and top of the head
  back += `<path d="M${n(X(-9.2))} ${n(Y(-1))}A${n(9.3 * s)} ${n(9.3 * s)} 0 0 ${f > 0 ? 1 : 0} ${n(X(6.5))} ${n(Y(-9.8))}Q${n(X(1))} ${n(Y(-5))} ${n(X(-9.2))} ${n(Y(-1))}Z" fill="${o.cap}"/>`;
  back += line(X(-8), Y(-4.5), X(5), Y(-4.5), stroke(ink, 1.3 * s));
  back += ellipse(
    X(5.8),
    Y(-4.4),
    2.9 * s,
    2.5 * s,
    `fill="#bff3ff" stroke="${ink}" stroke-width="${n(1.1 * s)}"`,
  );
  back += `<path d="M${n(X(3.5))} ${n(Y(0.5))}Q${n(X(6))} ${n(Y(2.2))} ${n(X(8))} ${n(Y(0))}" ${stroke(ink, 1 * s)}/>`;
  if (o.kick) {
    back += kickboard(X(24), Y(-1.5), 24 * s, 8 * s, f * -4, o.kick);
    back += circle(X(15), Y(-3), 2.7 * s, `fill="${o.skin}"`);
  }
  let front = ellipse(X(1), Y(0.6), 15 * s, 2.6 * s, 'fill="#ffffff" fill-opacity=".75"');
  front += ellipse(X(-30), Y(0), 12 * s, 2.2 * s, 'fill="#ffffff" fill-opacity=".7"');
  for (const [dx, dy, r] of [
    [-26, -7, 2.2],
    [-33, -10, 1.6],
    [-38, -6, 2],
    [-44, -3, 1.3],
  ] as const) {
    front += circle(X(dx), Y(dy), r * s, 'fill="#ffffff" fill-opacity=".85"');
  }
  return { back, front };
}

/** Top-down swimmer facing +x in local coordinates. */
function swimmerTop(
  x: number,
  y: number,
  s: number,
  angle: number,
  o: {
    skin: string;
    cap: string;
    suit: string;
    stroke: "crawl" | "kick" | "back";
    board?: string;
    kick: number;
  },
): string {
  const legKick = o.kick * 3;
  let b = ellipse(0, 0, 36, 13, 'fill="#ffffff" fill-opacity=".22"');
  b += `<path d="M-34 -6Q-46 -10 -58 -16M-34 6Q-46 10 -58 16" ${stroke("#ffffff", 1.6, 'stroke-opacity=".45"')}/>`;
  b += `<path d="M-12 -3L-29 ${n(-4 + legKick)}M-12 3L-29 ${n(4 - legKick)}" ${stroke(o.skin, 4.2)}/>`;
  for (const [dx, dy] of [
    [-33, -6],
    [-34, 5],
    [-37, 0],
  ] as const)
    b += circle(dx, dy, 1.8, 'fill="#ffffff" fill-opacity=".8"');
  if (o.stroke === "crawl") {
    b += `<path d="M4 -5Q14 -8 24 -6M4 5Q-3 8 -10 9" ${stroke(o.skin, 3.8)}/>`;
  } else if (o.stroke === "back") {
    b += `<path d="M4 -5Q16 -7 26 -3M4 5Q-4 9 -11 9" ${stroke(o.skin, 3.8)}/>`;
  } else {
    b += `<path d="M4 -5L20 -4M4 5L20 4" ${stroke(o.skin, 3.8)}/>`;
    b += rect(
      18,
      -9,
      17,
      18,
      7,
      `fill="${o.board ?? "#ffcf4a"}" stroke="#000000" stroke-opacity=".12" stroke-width="1"`,
    );
    b += circle(20, -4, 2, `fill="${o.skin}"`) + circle(20, 4, 2, `fill="${o.skin}"`);
  }
  b += ellipse(-3, 0, 12, 6.8, `fill="${o.suit}"`);
  b += ellipse(-3, -2.5, 8, 2, 'fill="#ffffff" fill-opacity=".25"');
  if (o.stroke === "back") {
    b += circle(10, 0, 5.6, `fill="${o.skin}"`);
    b += `<path d="M10 -5.6A5.6 5.6 0 0 1 10 5.6Q12 0 10 -5.6Z" fill="${o.cap}" transform="rotate(180 10 0)"/>`;
    b += circle(11.5, -2, 0.8, `fill="${ink}"`) + circle(11.5, 2, 0.8, `fill="${ink}"`);
    b += `<path d="M13 -1.5Q14.5 0 13 1.5" ${stroke(ink, 0.7)}/>`;
  } else {
    b += circle(10, 0, 5.8, `fill="${o.cap}"`);
    b += `<path d="M6 -3Q10 -5 13 -3" ${stroke("#ffffff", 1, 'stroke-opacity=".6"')}/>`;
  }
  return g(`translate(${n(x)} ${n(y)}) rotate(${n(angle)}) scale(${n(s)})`, b);
}

type HairStyle = "long" | "bun" | "short" | "curly" | "crop";

interface Person {
  skin: string;
  hair: string;
  style: HairStyle;
  shirt: string;
  accessory?: "whistle" | "goggles" | "glasses";
  eyes?: "dot" | "happy";
}

/** Head and shoulders; origin at the base of the neck, about 100 units tall and 88 wide. */
function bust(x: number, y: number, s: number, p: Person): string {
  const hy = -32;
  let b = "";
  if (p.style === "long") {
    b += `<path d="M-20 ${hy - 2}Q-24 -6 -18 8L18 8Q24 -6 20 ${hy - 2}A20 22 0 0 0 -20 ${hy - 2}Z" fill="${p.hair}"/>`;
  } else if (p.style === "bun") {
    b += circle(0, hy - 22, 8.5, `fill="${p.hair}"`);
  } else if (p.style === "curly") {
    for (let i = 0; i <= 9; i++) {
      const a = Math.PI * (0.92 + (1.16 * i) / 9);
      b += circle(Math.cos(a) * 17, hy - 1 + Math.sin(a) * 19, 7.2, `fill="${p.hair}"`);
    }
  }
  b += `<path d="M-44 44C-44 10 -32 2 -14 0L14 0C32 2 44 10 44 44Z" fill="${p.shirt}"/>`;
  b += `<path d="M-7 -16H7V-1Q0 3 -7 -1Z" fill="${p.skin}"/>`;
  b += `<path d="M-7 -14Q0 -8 7 -14V-10Q0 -5 -7 -10Z" fill="#000000" fill-opacity=".1"/>`;
  b += `<path d="M-11 0Q0 7 11 0" ${stroke("#ffffff", 2, 'stroke-opacity=".35"')}/>`;
  b += circle(-17, hy + 2, 3.6, `fill="${p.skin}"`) + circle(17, hy + 2, 3.6, `fill="${p.skin}"`);
  b += ellipse(0, hy, 17, 19, `fill="${p.skin}"`);
  if (p.style === "long" || p.style === "bun") {
    b += `<path d="M-18 ${hy + 2}A18 21 0 0 1 18 ${hy + 2}Q14 ${hy - 10} 2 ${hy - 11}Q-8 ${hy - 10} -12 ${hy - 3}Q-15 ${hy} -18 ${hy + 2}Z" fill="${p.hair}"/>`;
  } else if (p.style === "short") {
    b += `<path d="M-17.6 ${hy}A17.6 20 0 0 1 17.6 ${hy}Q17 ${hy - 11} 6 ${hy - 13}Q-4 ${hy - 7} -17.6 ${hy}Z" fill="${p.hair}"/>`;
  } else if (p.style === "crop") {
    b += `<path d="M-17.4 ${hy - 2}A17.4 19.6 0 0 1 17.4 ${hy - 2}Q0 ${hy - 16} -17.4 ${hy - 2}Z" fill="${p.hair}"/>`;
  } else {
    for (let i = 0; i <= 6; i++) {
      const a = Math.PI * (1.12 + (0.76 * i) / 6);
      b += circle(Math.cos(a) * 14, hy - 4 + Math.sin(a) * 15, 6, `fill="${p.hair}"`);
    }
  }
  b += faceFeatures(0, hy + 2, 17, { skin: p.skin, eyes: p.eyes });
  b += `<path d="M-9 ${hy - 5}Q-6 ${hy - 7} -3 ${hy - 5}M3 ${hy - 5}Q6 ${hy - 7} 9 ${hy - 5}" ${stroke(p.hair, 1.3)}/>`;
  if (p.accessory === "whistle") {
    b += `<path d="M-10 1L0 24L10 1" ${stroke("#ffcf4a", 1.8)}/>`;
    b += rect(-3.5, 22, 7, 9, 2.5, 'fill="#e8eef5"') + circle(0, 29, 1.4, `fill="${ink}"`);
  } else if (p.accessory === "goggles") {
    b += `<path d="M-17.5 ${hy - 9}Q0 ${hy - 13} 17.5 ${hy - 9}" ${stroke(ink, 2)}/>`;
    for (const sx of [-1, 1]) {
      b += ellipse(sx * 6.5, hy - 11, 5.2, 4.2, `fill="#7fe3f2" stroke="${ink}" stroke-width="1.6"`);
      b += circle(sx * 6.5 - 1.6, hy - 12.4, 1.1, 'fill="#ffffff"');
    }
  } else if (p.accessory === "glasses") {
    b += circle(-6, hy + 0.5, 5.2, stroke(ink, 1.3)) + circle(6, hy + 0.5, 5.2, stroke(ink, 1.3));
    b += `<path d="M-1 ${hy}Q0 ${hy - 1} 1 ${hy}" ${stroke(ink, 1.2)}/>`;
  }
  b += `<path d="M-26 22Q-22 19 -18 22Q-22 26 -22 30Q-26 26 -26 22Z" fill="#ffffff" fill-opacity=".6"/>`;
  return g(`translate(${n(x)} ${n(y)}) scale(${n(s)})`, b);
}

/** A baby's head in a float ring at the surface (ring drawn by the caller). */
function babyHead(x: number, y: number, r: number, skin: string, hair: string, hat?: string): string {
  let out = `<path d="M${n(x - r * 0.9)} ${n(y + r * 0.7)}L${n(x - r * 1.6)} ${n(y - r * 0.3)}M${n(x + r * 0.9)} ${n(y + r * 0.7)}L${n(x + r * 1.6)} ${n(y - r * 0.3)}" ${stroke(skin, r * 0.38)}/>`;
  out +=
    circle(x - r * 1.6, y - r * 0.35, r * 0.26, `fill="${skin}"`) +
    circle(x + r * 1.6, y - r * 0.35, r * 0.26, `fill="${skin}"`);
  out += circle(x, y, r, `fill="${skin}"`);
  if (hat) {
    out += ellipse(x, y - r * 0.55, r * 1.45, r * 0.32, `fill="${hat}"`);
    out += `<path d="M${n(x - r * 0.85)} ${n(y - r * 0.55)}Q${n(x - r * 0.8)} ${n(y - r * 1.45)} ${n(x)} ${n(y - r * 1.45)}Q${n(x + r * 0.8)} ${n(y - r * 1.45)} ${n(x + r * 0.85)} ${n(y - r * 0.55)}Z" fill="${hat}"/>`;
    out += `<path d="M${n(x - r * 0.85)} ${n(y - r * 0.7)}Q${n(x)} ${n(y - r * 0.85)} ${n(x + r * 0.85)} ${n(y - r * 0.7)}" ${stroke("#ffffff", r * 0.14, 'stroke-opacity=".8"')}/>`;
  } else {
    out += `<path d="M${n(x - r * 0.1)} ${n(y - r * 0.98)}Q${n(x + r * 0.35)} ${n(y - r * 1.5)} ${n(x + r * 0.55)} ${n(y - r * 1.05)}" ${stroke(hair, r * 0.16)}/>`;
  }
  out += faceFeatures(x, y + r * 0.12, r, { skin, eyes: "happy" });
  return out;
}

/** A card with columns of filled circles rising left to right (a progress chart without words). */
function progressChart(x: number, y: number, w: number, h: number, pal: Palette): string {
  let out = rect(x + w * 0.03, y + w * 0.04, w, h, w * 0.08, 'fill="#000000" fill-opacity=".10"');
  out += rect(x, y, w, h, w * 0.08, 'fill="#ffffff"');
  const cols = 5;
  const rows = 5;
  const padX = w * 0.14;
  const padTop = h * 0.2;
  const padBottom = h * 0.1;
  const cw = (w - 2 * padX) / (cols - 1);
  const rh = (h - padTop - padBottom) / (rows - 1);
  const r = Math.min(cw, rh) * 0.36;
  const colors = [pal.water[1], pal.water[2], pal.water[3], pal.accent2, pal.accent];
  for (let c = 0; c < cols; c++) {
    for (let k = 0; k < rows; k++) {
      const cx = x + padX + c * cw;
      const cy = y + h - padBottom - k * rh;
      out +=
        k <= c
          ? circle(cx, cy, r, `fill="${colors[c]}"`)
          : circle(cx, cy, r, `fill="none" stroke="#d5e6ee" stroke-width="${n(r * 0.25)}"`);
    }
  }
  out += star(x + w - padX, y + padTop * 0.45, r * 1.1, pal.accent2);
  out += rect(x + padX - r, y + padTop * 0.32, w * 0.32, r * 0.5, r * 0.25, `fill="#e3eef4"`);
  return out;
}

function star(x: number, y: number, r: number, color: string): string {
  let d = "";
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    d += `${i ? "L" : "M"}${n(x + Math.cos(a) * rr)} ${n(y + Math.sin(a) * rr)}`;
  }
  return `<path d="${d}Z" fill="${color}" stroke="${color}" stroke-width="${n(r * 0.18)}" stroke-linejoin="round"/>`;
}

/** A hanging towel, its top at the origin, about 60×90 units. */
function towel(color: string, stripe: string, style: number): string {
  let b = rect(-30, 0, 60, 90, 5, `fill="${color}"`);
  if (style === 0) {
    b += rect(-30, 62, 60, 6, 0, `fill="${stripe}"`) + rect(-30, 72, 60, 3, 0, `fill="${stripe}"`);
  } else if (style === 1) {
    for (let i = 0; i < 4; i++) b += rect(-30 + i * 16, 0, 7, 90, 0, `fill="${stripe}"`);
  } else {
    for (let r = 0; r < 4; r++)
      for (let c = 0; c < 3; c++)
        b += circle(-18 + c * 18 + (r % 2) * 9, 14 + r * 20, 3.6, `fill="${stripe}"`);
  }
  b += rect(-30, 0, 60, 14, 0, 'fill="#000000" fill-opacity=".10"');
  let fringe = "";
  for (let i = 0; i < 9; i++) fringe += `M${-26 + i * 6.5} 90V95`;
  b += `<path d="${fringe}" ${stroke(color, 2)}/>`;
  return b;
}

function peg(x: number, y: number, s: number): string {
  return rect(x - 2.2 * s, y - 5 * s, 4.4 * s, 13 * s, 1.5 * s, 'fill="#c8864a"');
}

/** A one-piece swimsuit centred at the origin, about 60×100 units. */
function swimsuit(id: string, color: string, dots: string): string {
  const d =
    "M-22 -50H-14Q-12 -30 0 -28Q12 -30 14 -50H22Q22 -34 26 -22Q18 -8 19 4Q22 16 28 26Q14 32 6 50H-6Q-14 32 -28 26Q-22 16 -19 4Q-18 -8 -26 -22Q-22 -34 -22 -50Z";
  let pattern = "";
  for (let r = 0; r < 8; r++)
    for (let c = 0; c < 6; c++) pattern += circle(-25 + c * 10 + (r % 2) * 5, -44 + r * 13, 2.6, "");
  return (
    `<defs><clipPath id="${id}"><path d="${d}"/></clipPath></defs>` +
    `<path d="${d}" fill="${color}"/>` +
    `<g clip-path="url(#${id})" fill="${dots}">${pattern}</g>` +
    `<path d="M-19 4Q0 10 19 4" ${stroke("#ffffff", 2.2, 'stroke-opacity=".5"')}/>`
  );
}

/** Swim shorts centred at the origin, about 70×60 units. */
function trunks(color: string, stripe: string): string {
  return (
    `<path d="M-30 -26H30L35 22Q20 27 7 24L0 2L-7 24Q-20 27 -35 22Z" fill="${color}"/>` +
    `<path d="M-32.5 -4L-35 22Q-30 23.5 -26 24L-24 -4Z" fill="${stripe}"/>` +
    `<path d="M32.5 -4L35 22Q30 23.5 26 24L24 -4Z" fill="${stripe}"/>` +
    rect(-31, -30, 62, 9, 3, `fill="${stripe}"`) +
    `<path d="M-3 -21Q-8 -10 -12 -8M3 -21Q8 -10 12 -8" ${stroke("#ffffff", 1.8)}/>`
  );
}

function gogglesIcon(lens: string, strap: string): string {
  return (
    ellipse(0, 0, 46, 18, stroke(strap, 3.5)) +
    ellipse(-15, 0, 13, 10, `fill="${lens}" stroke="${ink}" stroke-width="3"`) +
    ellipse(15, 0, 13, 10, `fill="${lens}" stroke="${ink}" stroke-width="3"`) +
    `<path d="M-3 -1Q0 -4 3 -1" ${stroke(ink, 3)}/>` +
    ellipse(-19, -3, 3.5, 2.2, 'fill="#ffffff" fill-opacity=".8"') +
    ellipse(11, -3, 3.5, 2.2, 'fill="#ffffff" fill-opacity=".8"')
  );
}

function capIcon(color: string): string {
  return (
    `<path d="M-30 12Q-32 -28 0 -30Q32 -28 30 12Q0 20 -30 12Z" fill="${color}"/>` +
    `<path d="M-16 -18Q-6 -25 6 -24" ${stroke("#ffffff", 3.5, 'stroke-opacity=".5"')}/>` +
    `<path d="M-30 12Q0 20 30 12" ${stroke("#000000", 2, 'stroke-opacity=".12"')}/>`
  );
}

/** A pool seen from above: tiles, a floor lane line, caustics. */
function poolFloor(c: Ctx, base: string, vertical: boolean, tile: number): string {
  let out = rect(0, 0, c.W, c.H, 0, `fill="${base}"`);
  let d = "";
  for (let x = tile; x < c.W; x += tile) d += `M${n(x)} 0V${n(c.H)}`;
  for (let y = tile; y < c.H; y += tile) d += `M0 ${n(y)}H${n(c.W)}`;
  out += `<path d="${d}" ${stroke("#ffffff", Math.max(1, tile * 0.04), 'stroke-opacity=".13"')}/>`;
  out += caustics(c, tile * 1.6, 0.16, tile * 0.07, !vertical);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Scenes. Each draws the whole canvas (W×H user units) and works for any aspect ratio.

const unit = (c: Ctx) => Math.min(c.W, c.H) / 100;

/** Wave layers from the horizon down, lightest first. Odd layers drift the other way. */
function waterLayers(c: Ctx, horizon: number, count = 5, ampScale = 1): Wave[] {
  const u = unit(c);
  const top = horizon * c.H;
  const depth = c.H - top;
  const stops = [0, 0.1, 0.24, 0.42, 0.64];
  const layers: Wave[] = [];
  for (let i = 0; i < count; i++) {
    const len = c.W * c.rng.range(0.32, 0.5) * (1 + i * 0.22);
    layers.push({
      y: top + depth * (stops[i] ?? 0.8),
      amp: u * (0.9 + i * 0.55) * ampScale,
      len,
      phase: c.rng.next() * TAU + (i % 2 ? -1 : 1) * TAU * c.t,
      color: c.pal.water[Math.min(4, i + (5 - count))] ?? "#1880b8",
      h2: c.rng.range(0.2, 0.45),
    });
  }
  return layers;
}

/** A few clouds in the sky, kept clear of the sun at sunX (a fraction of the width). */
function clouds(c: Ctx, count: number, yMax: number, sunX: number): string {
  const u = unit(c);
  let out = "";
  for (let i = 0; i < count; i++) {
    let fx = c.rng.range(0.02, 0.8);
    const cloudW = (40 * u) / c.W;
    if (fx + cloudW > sunX - 0.14 && fx < sunX + 0.14)
      fx = sunX > 0.5 ? fx * ((sunX - 0.16 - cloudW) / 0.8) : sunX + 0.16 + fx * 0.3;
    const x = fx * c.W + Math.sin(TAU * (c.t + i / count)) * u * 2;
    const y = c.rng.range(0.08, yMax) * c.H;
    out += cloud(x, y, u * c.rng.range(0.45, 0.8), c.rng.range(0.75, 0.95));
  }
  return out;
}

interface SeaOptions {
  horizon: number;
  sun: [number, number];
  swimmer?: { x: number; kind: "crawl" | "kick"; flip?: boolean; scale?: number };
  ducks?: { x: number; count: number; flip?: boolean };
  ring?: number;
  bubbles: number;
  clouds: number;
  rays?: boolean;
}

function seaScene(c: Ctx, o: SeaOptions): string {
  const u = unit(c);
  let out = skyBackground(c);
  out += sun(o.sun[0] * c.W, o.sun[1] * c.H, u * 7.5, c.pal.sun, 30 * c.t);
  out += clouds(c, o.clouds, o.horizon - 0.16, o.sun[0]);
  const layers = waterLayers(c, o.horizon);
  const skin = c.rng.pick(skins);
  const cap = c.rng.pick([c.pal.accent, c.pal.accent2, "#7b6cf6", "#ff5fa2"]);
  const board = c.rng.pick([c.pal.accent2, c.pal.accent, "#ffffff"]);
  let front = "";
  layers.forEach((w, i) => {
    if (o.ducks && i === 1) {
      for (let k = 0; k < o.ducks.count; k++) {
        const s = u * (k === 0 ? 0.55 : 0.34);
        const dx =
          (o.ducks.flip ? 1 : -1) * k * u * (k === 0 ? 0 : 7 + k * 2) -
          (k ? u * 6 : 0) * (o.ducks.flip ? -1 : 1);
        const x = o.ducks.x * c.W + dx;
        out += duck(x, waveY(w, x) + s * 2, s, o.ducks.flip);
      }
    }
    if (o.swimmer && i === 2) {
      const s = u * 0.62 * (o.swimmer.scale ?? 1);
      const x = o.swimmer.x * c.W;
      const parts = swimmerSide(x, waveY(w, x) + s, s, {
        skin,
        cap,
        kick: o.swimmer.kind === "kick" ? board : undefined,
        flip: o.swimmer.flip,
      });
      out += parts.back;
      front = parts.front;
    }
    out += wavePath(w, c.W, c.H);
    if (i > 0) out += waveCrest(w, c.W, u * 0.35, 0.35);
    if (i === 1 && o.rays !== false) out += lightRays(c, w.y, 5, 0.06);
    if (i === 2) {
      out += front;
      if (o.ring !== undefined) {
        const x = o.ring * c.W;
        out += ring(x, waveY(w, x) + u, u * 6, u * 2, u * 2.2, c.pal.accent);
      }
    }
  });
  const l2 = layers[2];
  if (l2) out += bubbleField(c, o.bubbles, { x0: 0, y0: l2.y + u * 4, x1: c.W, y1: c.H }, u * 0.7, u * 2.2);
  return out;
}

function lanesScene(c: Ctx, o: { lanes: number; strokes: ("crawl" | "kick" | "back")[] }): string {
  const u = unit(c);
  const vertical = c.H > c.W;
  const across = vertical ? c.W : c.H;
  const along = vertical ? c.H : c.W;
  const laneW = across / o.lanes;
  let out = poolFloor(c, c.pal.water[1], vertical, laneW / 2.5);
  for (let k = 0; k < o.lanes; k++) {
    const mid = (k + 0.5) * laneW;
    const w = laneW * 0.09;
    const [x, y, rw, rh] = vertical
      ? [mid - w / 2, along * 0.08, w, along * 0.84]
      : [along * 0.08, mid - w / 2, along * 0.84, w];
    out += rect(x, y, rw, rh, w / 2, `fill="${c.pal.water[3]}" fill-opacity=".55"`);
  }
  for (let k = 1; k < o.lanes; k++) {
    const p = k * laneW;
    const [c1, c2] = k % 2 ? [c.pal.accent, "#ffffff"] : [c.pal.accent2, c.pal.water[3]];
    out += vertical
      ? laneRope(p, -10, p, c.H + 10, u * 1.6, c1, c2)
      : laneRope(-10, p, c.W + 10, p, u * 1.6, c1, c2);
  }
  const s = (laneW * 0.62) / 26;
  o.strokes.forEach((kind, i) => {
    const lane = Math.floor(((i + 0.5) / o.strokes.length) * o.lanes);
    const mid = (lane + 0.5) * laneW;
    const pos = along * c.rng.range(0.3, 0.7);
    const dir = c.rng.next() < 0.5 ? 1 : -1;
    const angle = vertical ? (dir > 0 ? 90 : -90) : dir > 0 ? 0 : 180;
    const [x, y] = vertical ? [mid, pos] : [pos, mid];
    out += swimmerTop(x, y, s, angle, {
      skin: c.rng.pick(skins),
      cap: c.rng.pick([c.pal.accent, c.pal.accent2, "#ff5fa2", "#7b6cf6"]),
      suit: c.rng.pick(suits.slice(2)),
      stroke: kind,
      board: "#ffffff",
      kick: c.rng.range(-1, 1),
    });
  });
  for (let i = 0; i < 14; i++) {
    const x = c.rng.next() * c.W;
    const y = c.rng.next() * c.H;
    out += ellipse(x, y, u * c.rng.range(1.5, 3.5), u * 0.5, 'fill="#ffffff" fill-opacity=".35"');
  }
  return out;
}

function parentBabyScene(c: Ctx, o: { horizon: number; hat: boolean; ducks: boolean }): string {
  const u = unit(c);
  let out = skyBackground(c);
  out += sun(c.W * 0.84, c.H * 0.16, u * 7, c.pal.sun, 30 * c.t);
  out += clouds(c, 2, o.horizon - 0.2, 0.84);
  const layers = waterLayers(c, o.horizon, 4);
  const s = Math.min(c.W * 0.0045, c.H * 0.0047);
  const px = c.W * (c.W > c.H ? 0.42 : 0.38);
  const parent: Person = {
    skin: c.rng.pick(skins),
    hair: c.rng.pick(hairs),
    style: c.rng.pick(["long", "bun", "short", "curly"] as const),
    shirt: c.rng.pick(["#0b4f8a", "#7b6cf6", "#ff7f6b", "#2bb3c0"]),
    eyes: "happy",
  };
  const babySkin = parent.skin;
  const bx = px + 44 * s;
  let overlay = "";
  layers.forEach((w, i) => {
    if (o.ducks && i === 1) {
      const x = c.W * 0.12;
      out += duck(x, waveY(w, x) + u, u * 0.4) + duck(x + u * 9, waveY(w, x + u * 9) + u, u * 0.28);
    }
    if (i === 2) {
      const wy = waveY(w, px);
      out += bust(px, wy - 16 * s, s, parent);
      const by = waveY(w, bx);
      out += babyHead(bx, by - 9 * s, 9.5 * s, babySkin, parent.hair, o.hat ? c.pal.accent2 : undefined);
      overlay += ring(bx, by + s, 17 * s, 5 * s, 5.5 * s, c.pal.accent);
      overlay += circle(bx - 19 * s, by + 1.5 * s, 3.2 * s, `fill="${parent.skin}"`);
      overlay += ellipse(px, wy + s, 34 * s, 3 * s, 'fill="#ffffff" fill-opacity=".6"');
    }
    out += wavePath(w, c.W, c.H);
    if (i > 0) out += waveCrest(w, c.W, u * 0.35, 0.35);
    if (i === 2) out += overlay;
  });
  const l3 = layers[3];
  if (l3) out += bubbleField(c, 12, { x0: 0, y0: l3.y, x1: c.W, y1: c.H }, u * 0.6, u * 1.8);
  return out;
}

function progressScene(c: Ctx): string {
  const u = unit(c);
  let out = skyBackground(c);
  out += sun(c.W * 0.1, c.H * 0.14, u * 6, c.pal.sun, 0);
  out += cloud(c.W * 0.22, c.H * 0.3, u * 0.6, 0.9);
  const layers = waterLayers(c, 0.55, 4);
  let front = "";
  layers.forEach((w, i) => {
    if (i === 1) {
      const s = u * 0.75;
      const x = c.W * 0.3;
      const parts = swimmerSide(x, waveY(w, x) + s, s, { skin: skins[2], cap: c.pal.accent });
      out += parts.back;
      front = parts.front;
    }
    out += wavePath(w, c.W, c.H);
    if (i > 0) out += waveCrest(w, c.W, u * 0.35, 0.35);
    if (i === 1) out += front;
  });
  out += bubbleField(c, 10, { x0: 0, y0: c.H * 0.72, x1: c.W * 0.5, y1: c.H }, u * 0.6, u * 1.8);
  out += progressChart(c.W * 0.58, c.H * 0.1, c.W * 0.34, c.H * 0.56, c.pal);
  return out;
}

function umbrella(x: number, y: number, s: number, c1: string, c2: string): string {
  let b = line(0, 0, 0, 60, stroke("#8a6a4a", 2.2));
  b += `<path d="M-36 2Q-34 -26 0 -30Q34 -26 36 2Q30 -3 24 2Q18 -3 12 2Q6 -3 0 2Q-6 -3 -12 2Q-18 -3 -24 2Q-30 -3 -36 2Z" fill="${c1}"/>`;
  b += `<path d="M-12 2Q-12 -22 0 -30Q12 -22 12 2Q6 -3 0 2Q-6 -3 -12 2Z" fill="${c2}"/>`;
  b += circle(0, -31, 2, `fill="${c2}"`);
  return g(`translate(${n(x)} ${n(y)}) scale(${n(s)})`, b);
}

/** Side view of a pool with lane ropes receding; deck and sky behind. */
function poolsideScene(
  c: Ctx,
  o: { lanes: number; flags: boolean; swimmers: number; umbrella: boolean },
): string {
  const u = unit(c);
  let out = skyBackground(c);
  const deckTop = c.H * 0.4;
  const poolTop = c.H * 0.5;
  out += sun(c.W * 0.8, c.H * 0.14, u * 7, c.pal.sun, 30 * c.t);
  out += clouds(c, 2, 0.22, 0.8);
  out += rect(0, deckTop, c.W, poolTop - deckTop, 0, `fill="${c.pal.sand}"`);
  if (o.umbrella) out += umbrella(c.W * 0.16, deckTop - u * 9, u * 0.5, c.pal.accent, "#ffffff");
  const ringX = c.W * (o.umbrella ? 0.3 : 0.12);
  out += ellipse(ringX, deckTop + u * 4.5, u * 7, u * 2.2, 'fill="#000000" fill-opacity=".08"');
  out += ring(ringX, deckTop + u * 3, u * 6, u * 1.8, u * 2.2, c.pal.accent);
  const stack = c.W * 0.58;
  for (let k = 0; k < 3; k++) {
    const col = [c.pal.accent2, c.pal.water[2], c.pal.accent][k] ?? "#fff";
    out += rect(stack, deckTop + u * (4.5 - k * 2.2), u * 14, u * 2, u, `fill="${col}"`);
  }
  out += rect(0, poolTop - u * 1.4, c.W, u * 1.6, 0, 'fill="#ffffff"');
  const gid = `${c.id}pool`;
  out += `<defs>${linearGradient(gid, [c.pal.water[1], c.pal.water[3]])}</defs>`;
  out += rect(0, poolTop, c.W, c.H - poolTop, 0, `fill="url(#${gid})"`);
  const ys: number[] = [];
  for (let k = 0; k <= o.lanes; k++)
    ys.push(poolTop + (c.H - poolTop) * ((k + 0.35) / (o.lanes + 0.35)) ** 1.6);
  for (let k = 0; k < ys.length; k++) {
    const y = ys[k] ?? 0;
    const w = u * (0.5 + (1.4 * (y - poolTop)) / (c.H - poolTop));
    out += laneRope(-10, y, c.W + 10, y, w, k % 2 ? c.pal.accent2 : c.pal.accent, "#ffffff");
  }
  out += caustics(c, u * 9, 0.12, u * 0.3);
  for (let k = 0; k < o.swimmers; k++) {
    const lane = Math.min(ys.length - 2, 1 + k);
    const y0 = ys[lane] ?? poolTop;
    const y1 = ys[lane + 1] ?? c.H;
    const y = (y0 + y1) / 2;
    const s = u * (0.3 + (0.55 * (y - poolTop)) / (c.H - poolTop));
    const x = c.W * (0.2 + 0.27 * k + c.rng.range(-0.04, 0.04));
    const parts = swimmerSide(x, y, s, {
      skin: c.rng.pick(skins),
      cap: c.rng.pick([c.pal.accent, c.pal.accent2, "#7b6cf6", "#ffffff"]),
      kick: k === 1 ? c.pal.accent2 : undefined,
      flip: k === 2,
    });
    out += parts.back + parts.front;
  }
  if (o.flags) {
    const y0 = c.H * 0.08;
    const sag = c.H * 0.06;
    const count = Math.round(c.W / (u * 7));
    out += `<path d="M0 ${n(y0)}Q${n(c.W / 2)} ${n(y0 + 2 * sag)} ${n(c.W)} ${n(y0)}" ${stroke("#5b6b7b", u * 0.35)}/>`;
    for (let k = 0; k < count; k++) {
      const q = (k + 0.5) / count;
      const x = q * c.W;
      const y = y0 + 4 * sag * q * (1 - q) * 1;
      const col = [c.pal.accent, "#ffffff", c.pal.water[3], c.pal.accent2][k % 4] ?? "#fff";
      out += `<path d="M${n(x - u * 2.2)} ${n(y)}L${n(x + u * 2.2)} ${n(y)}L${n(x)} ${n(y + u * 5)}Z" fill="${col}"/>`;
    }
  }
  return out;
}

function heart(x: number, y: number, s: number, attrs: string): string {
  return `<path d="M${n(x)} ${n(y + 3 * s)}C${n(x - 7 * s)} ${n(y - 2 * s)} ${n(x - 4 * s)} ${n(y - 8 * s)} ${n(x)} ${n(y - 4.5 * s)}C${n(x + 4 * s)} ${n(y - 8 * s)} ${n(x + 7 * s)} ${n(y - 2 * s)} ${n(x)} ${n(y + 3 * s)}Z" ${attrs}/>`;
}

/** A swimmer gliding underwater, side view, facing +x, local units about 90 long. */
function glider(skin: string, cap: string, suit: string): string {
  let b = `<path d="M-14 -1L-38 -4M-14 3L-37 7" ${stroke(skin, 6.5)}/>`;
  b += ellipse(-40, -4.5, 3.8, 2.4, `fill="${skin}"`) + ellipse(-39, 7.5, 3.8, 2.4, `fill="${skin}"`);
  b += ellipse(-1, 1, 18, 8.5, `fill="${suit}"`);
  b += ellipse(-3, -2.5, 11, 2.5, 'fill="#ffffff" fill-opacity=".25"');
  b += `<path d="M10 -4L38 -6" ${stroke(skin, 5.5)}/>`;
  b += circle(39, -6, 3, `fill="${skin}"`);
  b += circle(19, 0, 7.5, `fill="${skin}"`);
  b += `<path d="M11.6 -2.6A7.7 7.7 0 0 1 26.2 -3.4Q19 -2.4 11.6 -2.6Z" fill="${cap}"/>`;
  b += `<path d="M11.6 -2.6A7.7 7.7 0 0 1 26.5 -3.2Q26 3 19 -2.5Q15 -2 11.6 -2.6Z" fill="${cap}"/>`;
  b += ellipse(24, -1, 2.5, 2.1, `fill="#bff3ff" stroke="${ink}" stroke-width="1"`);
  b += `<path d="M21 3.8Q23 5.3 25 3.8" ${stroke(ink, 0.9)}/>`;
  return b;
}

function underwaterScene(c: Ctx, o: { hearts: boolean; floor: boolean; angle: number; y?: number }): string {
  const u = unit(c);
  const gid = `${c.id}deep`;
  let out = `<defs>${linearGradient(gid, [c.pal.water[1], c.pal.water[3], c.pal.water[4]])}</defs>`;
  out += rect(0, 0, c.W, c.H, 0, `fill="url(#${gid})"`);
  const surface: Wave = {
    y: c.H * 0.08,
    amp: u * 1.2,
    len: c.W * 0.3,
    phase: TAU * c.t,
    color: c.pal.water[0],
  };
  out += rect(0, 0, c.W, c.H * 0.08, 0, `fill="${c.pal.water[0]}"`);
  out += `<path d="${wavePath(surface, c.W, 0).match(/d="([^"]+)"/)?.[1] ?? ""}" fill="${c.pal.water[0]}"/>`;
  out += lightRays(c, c.H * 0.08, 6, 0.08);
  if (o.floor) {
    const fy = c.H * 0.82;
    out += rect(0, fy, c.W, c.H - fy, 0, `fill="${c.pal.water[2]}"`);
    let d = "";
    for (let k = -8; k <= 8; k++)
      d += `M${n(c.W / 2 + k * c.W * 0.09)} ${n(fy)}L${n(c.W / 2 + k * c.W * 0.2)} ${n(c.H)}`;
    d += `M0 ${n(fy + (c.H - fy) * 0.4)}H${n(c.W)}`;
    out += `<path d="${d}" ${stroke("#ffffff", u * 0.3, 'stroke-opacity=".2"')}/>`;
    out += rect(c.W * 0.46, fy, c.W * 0.08, c.H - fy, 0, `fill="${c.pal.water[4]}" fill-opacity=".5"`);
  }
  const s = Math.min(c.W, c.H) * 0.0085;
  const sx = c.W * 0.5;
  const sy = c.H * (o.y ?? 0.52);
  out += g(
    `translate(${n(sx)} ${n(sy)}) rotate(${n(o.angle)}) scale(${n(s)})`,
    glider(c.rng.pick(skins), c.pal.accent, c.rng.pick(suits)),
  );
  const rad = (o.angle * Math.PI) / 180;
  const mx = sx + Math.cos(rad) * 26 * s;
  const my = sy + Math.sin(rad) * 26 * s;
  for (let k = 0; k < 7; k++) {
    const y = my - (k + 1) * u * 5.5;
    const x = mx + Math.sin(k * 1.7) * u * 1.5;
    if (o.hearts && k % 2 === 1) {
      const col = k % 4 === 1 ? c.pal.accent : "#ff9fb2";
      out += heart(
        x,
        y,
        u * (0.55 + k * 0.12),
        `fill="${col}" stroke="#ffffff" stroke-width="${n(u * 0.3)}"`,
      );
    } else out += bubble(x, y, u * (0.8 + k * 0.25));
  }
  if (o.hearts) {
    for (let k = 0; k < 7; k++) {
      const x = c.rng.range(0.05, 0.95) * c.W;
      const y = c.rng.range(0.15, 0.9) * c.H;
      if (Math.abs(x - sx) < c.W * 0.25 && Math.abs(y - sy) < c.H * 0.12) continue;
      out += heart(x, y, u * c.rng.range(0.5, 1), `fill="#ffffff" fill-opacity=".5"`);
    }
  }
  out += bubbleField(c, 14, { x0: 0, y0: c.H * 0.1, x1: c.W, y1: c.H }, u * 0.5, u * 1.6);
  return out;
}

function lessonScene(c: Ctx, horizon = 0.5): string {
  const u = unit(c);
  let out = skyBackground(c);
  out += sun(c.W * 0.12, c.H * 0.15, u * 6.5, c.pal.sun, 0);
  out += clouds(c, 2, 0.3, 0.12);
  const layers = waterLayers(c, horizon, 4);
  const s = Math.min(c.W * 0.0042, c.H * 0.0044);
  const ix = c.W * 0.34;
  const kidX = ix + 60 * s;
  let front = "";
  layers.forEach((w, i) => {
    if (i === 1) {
      const wy = waveY(w, ix);
      const teacher: Person = {
        skin: skins[3],
        hair: hairs[0],
        style: "crop",
        shirt: "#0b4f8a",
        eyes: "happy",
      };
      out += bust(ix, wy - 26 * s, s, teacher);
    }
    if (i === 2) {
      const ks = s * 1.5;
      const ky = waveY(w, kidX) + ks;
      const parts = swimmerSide(kidX, ky, ks, { skin: skins[0], cap: c.pal.accent2, kick: c.pal.accent });
      out += parts.back;
      const hx = kidX - 11 * ks;
      out += `<path d="M${n(ix + 30 * s)} ${n(ky - 16 * s)}Q${n(ix + 36 * s)} ${n(ky + 2 * s)} ${n(hx)} ${n(ky + 2 * s)}" ${stroke(skins[3], 5.5 * s)}/>`;
      front = parts.front + circle(hx, ky + 2 * s, 3.4 * s, `fill="${skins[3]}"`);
    }
    out += wavePath(w, c.W, c.H);
    if (i > 0) out += waveCrest(w, c.W, u * 0.35, 0.35);
    if (i === 2) out += front;
  });
  out += bubbleField(c, 10, { x0: 0, y0: c.H * 0.75, x1: c.W, y1: c.H }, u * 0.6, u * 1.6);
  return out;
}

function portraitScene(c: Ctx, p: Person, bg: string, bg2: string): string {
  const u = unit(c);
  let out = rect(0, 0, c.W, c.H, 0, `fill="${bg}"`);
  const s = Math.min(c.W / 120, c.H / 125);
  const cx = c.W / 2;
  const baseY = c.H - 38 * s;
  out += circle(cx, baseY - 34 * s, 46 * s, `fill="${bg2}"`);
  const w1: Wave = {
    y: c.H * 0.8,
    amp: u * 1.5,
    len: c.W * 0.4,
    phase: c.rng.next() * TAU,
    color: c.pal.water[1],
  };
  const w2: Wave = {
    y: c.H * 0.88,
    amp: u * 1.5,
    len: c.W * 0.5,
    phase: c.rng.next() * TAU,
    color: c.pal.water[2],
  };
  out += wavePath(w1, c.W, c.H, 'fill-opacity=".7"') + wavePath(w2, c.W, c.H, 'fill-opacity=".7"');
  for (let k = 0; k < 6; k++) {
    const x = c.rng.pick([c.rng.range(0.05, 0.2), c.rng.range(0.8, 0.95)]) * c.W;
    out += bubble(x, c.rng.range(0.1, 0.7) * c.H, u * c.rng.range(1.2, 3), 0.8);
  }
  out += bust(cx, baseY, s, p);
  return out;
}

function ducksScene(c: Ctx, horizon = 0.5): string {
  const u = unit(c);
  let out = skyBackground(c);
  out += sun(c.W * 0.2, c.H * 0.2, u * 9, c.pal.sun, 0);
  const layers = waterLayers(c, horizon, 4);
  layers.forEach((w, i) => {
    if (i === 2) {
      const sizes = [0.9, 0.55, 0.5, 0.45];
      let x = c.W * 0.7;
      for (const [k, f] of sizes.entries()) {
        const s = u * f;
        out += ellipse(x, waveY(w, x) + s * 3, s * 20, s * 2.5, 'fill="#ffffff" fill-opacity=".4"');
        out += duck(x, waveY(w, x) + s * 2.5, s, true);
        x -= u * (k === 0 ? 24 : 15);
      }
    }
    out += wavePath(w, c.W, c.H);
    if (i > 0) out += waveCrest(w, c.W, u * 0.35, 0.35);
  });
  out += bubbleField(c, 10, { x0: 0, y0: c.H * 0.7, x1: c.W, y1: c.H }, u * 0.6, u * 1.6);
  return out;
}

/** Items laid on a striped towel, seen from above. */
function flatLayScene(c: Ctx): string {
  const u = unit(c);
  let out = rect(0, 0, c.W, c.H, 0, `fill="${c.pal.sand}"`);
  for (let k = 0; k < 40; k++)
    out += circle(
      c.rng.next() * c.W,
      c.rng.next() * c.H,
      u * c.rng.range(0.2, 0.45),
      'fill="#c9a66b" fill-opacity=".35"',
    );
  let stripes = rect(-60, -40, 120, 80, 4, 'fill="#ffffff"');
  for (let k = 0; k < 6; k++)
    stripes += rect(-60 + k * 20, -40, 10, 80, 0, `fill="${k % 2 ? c.pal.accent : c.pal.water[2]}"`);
  out += g(`translate(${n(c.W * 0.5)} ${n(c.H * 0.5)}) rotate(-12) scale(${n(u * 0.9)})`, stripes);
  out += g(
    `translate(${n(c.W * 0.42)} ${n(c.H * 0.42)}) rotate(-18) scale(${n(u * 0.55)})`,
    gogglesIcon("#7fe3f2", ink),
  );
  out += g(
    `translate(${n(c.W * 0.62)} ${n(c.H * 0.62)}) rotate(14) scale(${n(u * 0.45)})`,
    capIcon(c.pal.accent2),
  );
  out += kickboard(c.W * 0.78, c.H * 0.3, u * 22, u * 13, 70, c.pal.water[3]);
  out += ring(c.W * 0.18, c.H * 0.72, u * 10, u * 10, u * 3.5, c.pal.accent);
  out += g(
    `translate(${n(c.W * 0.3)} ${n(c.H * 0.66)}) rotate(-30)`,
    ellipse(0, 0, u * 3.2, u * 6.5, 'fill="#ffffff"') +
      ellipse(0, -u * 2, u * 2.2, u * 1.2, `fill="${c.pal.accent}"`),
  );
  return out;
}

/** A kid cannonballing into the pool from the deck. */
function jumpScene(c: Ctx): string {
  const u = unit(c);
  let out = skyBackground(c);
  out += sun(c.W * 0.82, c.H * 0.14, u * 7, c.pal.sun, 0);
  out += clouds(c, 2, 0.3, 0.82);
  const layers = waterLayers(c, 0.62, 4);
  const deckY = c.H * 0.55;
  out += rect(-10, deckY, c.W * 0.22, c.H, 0, `fill="${c.pal.sand}"`);
  out += rect(-10, deckY, c.W * 0.22, u * 2, 0, 'fill="#ffffff"');
  const s = u * 0.95;
  const kx = c.W * 0.5;
  const ky = c.H * 0.3;
  const skin = c.rng.pick(skins);
  let kid = `<path d="M-7 -2L-17 -20M7 -2L17 -20" ${stroke(skin, 4.5)}/>`;
  kid += circle(-17.5, -21, 3, `fill="${skin}"`) + circle(17.5, -21, 3, `fill="${skin}"`);
  kid += circle(0, 8, 12, `fill="${c.pal.accent}"`);
  kid += `<path d="M-8 14Q-14 24 -4 24M8 14Q14 24 4 24" ${stroke(skin, 5.5)}/>`;
  kid += headFront(0, -8, 9, { skin, hair: c.rng.pick(hairs), eyes: "happy" });
  out += g(`translate(${n(kx)} ${n(ky)}) rotate(-8) scale(${n(s)})`, kid);
  let splash = "";
  layers.forEach((w, i) => {
    out += wavePath(w, c.W, c.H);
    if (i > 0) out += waveCrest(w, c.W, u * 0.35, 0.35);
    if (i === 1) {
      const y = waveY(w, kx);
      splash += ellipse(kx, y + u, u * 14, u * 3, 'fill="#ffffff" fill-opacity=".8"');
      for (let k = 0; k < 9; k++) {
        const a = Math.PI * (1.1 + (0.8 * k) / 8);
        const r = u * (10 + (k % 3) * 3);
        splash += circle(
          kx + Math.cos(a) * r * 1.2,
          y + Math.sin(a) * r * 0.7,
          u * (1 + (k % 2) * 0.8),
          'fill="#ffffff"',
        );
      }
      out += splash;
    }
  });
  out += bubbleField(c, 12, { x0: 0, y0: c.H * 0.75, x1: c.W, y1: c.H }, u * 0.6, u * 1.8);
  return out;
}

function noodlesScene(c: Ctx, horizon = 0.48): string {
  const u = unit(c);
  let out = skyBackground(c);
  out += sun(c.W * 0.5, c.H * 0.18, u * 7, c.pal.sun, 0);
  out += clouds(c, 2, 0.3, 0.5);
  const layers = waterLayers(c, horizon, 4);
  const kids = [
    { x: 0.32, color: c.pal.accent2, cap: undefined, hair: hairs[0], skin: skins[1] },
    { x: 0.68, color: "#ff5fa2", cap: c.pal.accent, hair: undefined, skin: skins[3] },
  ];
  let front = "";
  layers.forEach((w, i) => {
    if (i === 2) {
      for (const k of kids) {
        const x = k.x * c.W;
        const y = waveY(w, x);
        const r = Math.min(u * 8, c.W * 0.062);
        out += headFront(x, y - r * 0.55, r, { skin: k.skin, cap: k.cap, hair: k.hair, eyes: "happy" });
        front += `<path d="M${n(x - r * 2.6)} ${n(y - r * 0.7)}Q${n(x)} ${n(y + r * 0.9)} ${n(x + r * 2.6)} ${n(y - r * 0.7)}" ${stroke(k.color, r * 0.62)}/>`;
        front += `<path d="M${n(x - r * 2.2)} ${n(y - r * 0.55)}Q${n(x)} ${n(y + r * 0.65)} ${n(x + r * 2.2)} ${n(y - r * 0.55)}" ${stroke("#ffffff", r * 0.12, 'stroke-opacity=".45"')}/>`;
        front +=
          circle(x - r * 1.3, y + r * 0.05, r * 0.3, `fill="${k.skin}"`) +
          circle(x + r * 1.3, y + r * 0.05, r * 0.3, `fill="${k.skin}"`);
      }
    }
    out += wavePath(w, c.W, c.H);
    if (i > 0) out += waveCrest(w, c.W, u * 0.35, 0.35);
    if (i === 2) out += front;
  });
  out += bubbleField(c, 12, { x0: 0, y0: c.H * 0.75, x1: c.W, y1: c.H }, u * 0.6, u * 1.8);
  return out;
}

/** Pool ladder from the deck into the water, a towel on the edge. */
function ladderScene(c: Ctx): string {
  const u = unit(c);
  let out = rect(0, 0, c.W, c.H, 0, `fill="${c.pal.water[1]}"`);
  out += caustics(c, u * 12, 0.18, u * 0.45);
  const deckH = c.H * 0.3;
  out += rect(0, 0, c.W, deckH, 0, `fill="${c.pal.sand}"`);
  out += rect(0, deckH - u * 2.4, c.W, u * 2.4, 0, 'fill="#ffffff"');
  let tiles = "";
  for (let x = u * 4; x < c.W; x += u * 8) tiles += `M${n(x)} ${n(deckH - u * 2.4)}V${n(deckH)}`;
  out += `<path d="${tiles}" ${stroke(c.pal.water[2], u * 0.3)}/>`;
  const lx = c.W * 0.6;
  for (const dx of [0, u * 18]) {
    out += `<path d="M${n(lx + dx)} ${n(c.H * 0.85)}V${n(deckH + u * 2)}Q${n(lx + dx)} ${n(deckH - u * 12)} ${n(lx + dx - u * 9)} ${n(deckH - u * 12)}Q${n(lx + dx - u * 16)} ${n(deckH - u * 12)} ${n(lx + dx - u * 16)} ${n(deckH - u * 3)}" ${stroke("#dfe8ee", u * 1.8)}/>`;
    out += `<path d="M${n(lx + dx + u * 0.4)} ${n(c.H * 0.85)}V${n(deckH + u * 2)}" ${stroke("#ffffff", u * 0.5, 'stroke-opacity=".8"')}/>`;
  }
  for (let k = 0; k < 3; k++)
    out += rect(lx - u, deckH + u * (10 + k * 12), u * 20, u * 2, u, 'fill="#dfe8ee"');
  out += kickboard(c.W * 0.2, deckH * 0.45, u * 24, u * 12, -8, c.pal.accent);
  out += kickboard(c.W * 0.36, deckH * 0.5, u * 24, u * 12, 6, c.pal.water[3]);
  out += bubbleField(c, 8, { x0: c.W * 0.05, y0: deckH, x1: c.W * 0.95, y1: c.H }, u * 0.8, u * 2);
  out += ring(c.W * 0.26, c.H * 0.7, u * 10, u * 10, u * 3.2, c.pal.accent2, "#ffffff");
  for (let k = 0; k < 12; k++) {
    out += ellipse(
      c.rng.next() * c.W,
      deckH + c.rng.next() * (c.H - deckH),
      u * c.rng.range(1.5, 3.5),
      u * 0.5,
      'fill="#ffffff" fill-opacity=".35"',
    );
  }
  return out;
}

/** Top-down pool with ripples spreading and a float ring drifting (the contact video). */
function ripplesScene(c: Ctx): string {
  const u = unit(c);
  let out = poolFloor(c, c.pal.water[1], c.H > c.W, u * 14);
  out += laneRope(c.W * 0.1, -10, c.W * 0.1, c.H + 10, u * 2.2, c.pal.accent, "#ffffff");
  const centres = [
    [0.6, 0.35, 0],
    [0.35, 0.7, 0.5],
  ] as const;
  for (const [fx, fy, p] of centres) {
    for (let k = 0; k < 3; k++) {
      const q = wrap01(c.t + p + k / 3);
      const r = u * (4 + q * 42);
      const o = 0.55 * (1 - q);
      out += circle(
        fx * c.W,
        fy * c.H,
        r,
        stroke("#ffffff", u * (0.9 - q * 0.5), `stroke-opacity="${o.toFixed(2)}"`),
      );
    }
  }
  const rx = c.W * 0.6 + Math.cos(TAU * c.t) * u * 4;
  const ry = c.H * 0.35 + Math.sin(TAU * c.t) * u * 3;
  out += g(
    `rotate(${n(Math.sin(TAU * c.t) * 6)} ${n(rx)} ${n(ry)})`,
    ring(rx, ry, u * 11, u * 11, u * 4, c.pal.accent),
  );
  const dx = c.W * 0.35 + Math.sin(TAU * c.t) * u * 3;
  const dy = c.H * 0.7 + Math.cos(TAU * c.t) * u * 2;
  out += g(`translate(${n(dx)} ${n(dy)})`, duckTop(u * 0.7));
  for (let k = 0; k < 10; k++) {
    const x = c.rng.next() * c.W + Math.sin(TAU * (c.t + k / 10)) * u;
    out += ellipse(
      x,
      c.rng.next() * c.H,
      u * c.rng.range(1.5, 3),
      u * 0.45,
      'fill="#ffffff" fill-opacity=".35"',
    );
  }
  return out;
}

/** A rubber duck seen from above. */
function duckTop(s: number): string {
  return g(
    `scale(${n(s)})`,
    ellipse(2, 2, 14, 10, 'fill="#000000" fill-opacity=".1"') +
      ellipse(0, 0, 14, 10, 'fill="#ffd23f"') +
      circle(9, 0, 6.5, 'fill="#ffe066"') +
      `<path d="M14 -2.5Q20 0 14 2.5Z" fill="#ff8c2b"/>` +
      circle(11, -3, 1, `fill="${ink}"`) +
      circle(11, 3, 1, `fill="${ink}"`) +
      `<path d="M-6 -6Q0 -2 -6 6" ${stroke("#e6a800", 1.4)}/>`,
  );
}

/** Towels on a line, swaying (shop video 1). */
function towelsScene(c: Ctx): string {
  const u = unit(c);
  let out = skyBackground(c);
  out += sun(c.W * 0.8, c.H * 0.1, u * 8, c.pal.sun, 30 * c.t);
  out += cloud(c.W * 0.08 + Math.sin(TAU * c.t) * u * 2, c.H * 0.1, u * 0.7, 0.9);
  const layers = waterLayers(c, 0.74, 3, 0.8);
  const lineY = c.H * 0.2;
  const sag = c.H * 0.05;
  out += `<path d="M-5 ${n(lineY)}Q${n(c.W / 2)} ${n(lineY + 2 * sag)} ${n(c.W + 5)} ${n(lineY)}" ${stroke("#6b7c8c", u * 0.6)}/>`;
  const items = [
    { x: 0.2, color: c.pal.accent, stripe: "#ffffff", style: 0 },
    { x: 0.5, color: c.pal.water[2], stripe: c.pal.accent2, style: 1 },
    { x: 0.8, color: c.pal.accent2, stripe: c.pal.accent, style: 2 },
  ];
  const s = (c.W * 0.26) / 60;
  items.forEach((it, i) => {
    const x = it.x * c.W;
    const y = lineY + 4 * sag * it.x * (1 - it.x);
    const rot = Math.sin(TAU * (c.t + i / 3)) * 3.5;
    out += g(
      `translate(${n(x)} ${n(y)}) rotate(${n(rot)}) scale(${n(s)})`,
      towel(it.color, it.stripe, it.style),
    );
    out += peg(x - 18 * s, y, s) + peg(x + 18 * s, y, s);
  });
  layers.forEach((w, i) => {
    out += wavePath(w, c.W, c.H);
    if (i > 0) out += waveCrest(w, c.W, u * 0.35, 0.35);
  });
  out += bubbleField(c, 8, { x0: 0, y0: c.H * 0.82, x1: c.W, y1: c.H }, u * 0.7, u * 1.8);
  return out;
}

/** Swimwear floating and bobbing (shop video 2). */
function swimwearScene(c: Ctx): string {
  const u = unit(c);
  let out = skyBackground(c, c.pal.sky[1], c.pal.sky[0]);
  out += bubbleField(c, 16, { x0: 0, y0: 0, x1: c.W, y1: c.H }, u * 0.8, u * 2.4);
  const bob = (k: number) => Math.sin(TAU * (c.t + k / 4)) * u * 2.2;
  const tilt = (k: number) => Math.cos(TAU * (c.t + k / 4)) * 4;
  const s = c.W / 200;
  out += g(
    `translate(${n(c.W * 0.3)} ${n(c.H * 0.3 + bob(0))}) rotate(${n(-8 + tilt(0))}) scale(${n(s)})`,
    swimsuit(`${c.id}suit`, c.pal.accent, "#ffffff"),
  );
  out += g(
    `translate(${n(c.W * 0.7)} ${n(c.H * 0.52 + bob(1))}) rotate(${n(6 + tilt(1))}) scale(${n(s)})`,
    trunks(c.pal.water[3], c.pal.accent2),
  );
  out += g(
    `translate(${n(c.W * 0.72)} ${n(c.H * 0.2 + bob(2))}) rotate(${n(10 + tilt(2))}) scale(${n(s * 0.85)})`,
    capIcon("#7b6cf6"),
  );
  out += g(
    `translate(${n(c.W * 0.32)} ${n(c.H * 0.62 + bob(3))}) rotate(${n(-6 + tilt(3))}) scale(${n(s * 0.9)})`,
    gogglesIcon("#7fe3f2", c.pal.accent),
  );
  const layers = waterLayers(c, 0.78, 3, 0.8);
  layers.forEach((w, i) => {
    out += wavePath(w, c.W, c.H);
    if (i > 0) out += waveCrest(w, c.W, u * 0.35, 0.35);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Lettering: outlines of Quicksand Bold (SIL Open Font License), font units (1000/em, y up), only the glyphs of
// the school's name, so the logo and the share image need no font at run time.

const GLYPHS: Record<string, readonly [number, string]> = {
  " ": [280, ""],
  A: [
    639,
    "M629 54Q629 28 612 12Q595 -5 573 -5Q555 -5 540 6Q526 17 518 36L466 157H168L116 35Q109 16 94 6Q80 -5 63 -5Q37 -5 24 9Q10 23 10 47Q10 56 13 66L262 664Q270 684 286 695Q302 706 322 704Q340 704 356 694Q371 683 378 664L624 78Q629 65 629 54ZM217 272H417L316 506Z",
  ],
  N: [
    735,
    "M660 644V61Q660 35 642 18Q625 0 599 0Q585 0 572 4Q558 9 552 17L185 483V56Q185 32 170 16Q154 0 129 0Q105 0 90 16Q75 32 75 56V639Q75 665 92 682Q110 700 136 700Q151 700 166 694Q180 688 187 678L551 214V644Q551 668 566 684Q582 700 606 700Q630 700 645 684Q660 668 660 644Z",
  ],
  S: [
    597,
    "M67 69Q40 93 40 122Q40 145 57 162Q74 180 98 180Q117 180 132 168Q172 135 210 120Q248 105 300 105Q356 105 396 130Q437 155 437 192Q437 237 397 262Q357 288 270 301Q51 333 51 505Q51 568 84 614Q117 661 174 686Q231 710 301 710Q364 710 420 691Q475 672 512 641Q541 618 541 588Q541 565 524 548Q507 530 484 530Q469 530 457 539Q431 560 384 578Q338 595 301 595Q238 595 204 572Q169 548 169 510Q169 467 204 445Q240 423 316 409Q402 394 454 370Q505 347 531 306Q557 266 557 199Q557 136 522 88Q486 41 427 16Q368 -10 300 -10Q228 -10 172 8Q116 26 67 69Z",
  ],
  a: [
    623,
    "M558 484V61Q558 35 541 18Q524 0 498 0Q472 0 456 17Q439 34 438 60Q413 31 370 10Q328 -10 281 -10Q212 -10 156 26Q100 61 68 124Q35 187 35 267Q35 347 67 410Q99 474 154 510Q210 545 277 545Q325 545 367 528Q409 510 438 483V484Q438 510 455 528Q472 545 498 545Q524 545 541 528Q558 511 558 484ZM443 267Q443 339 402 387Q361 435 296 435Q232 435 191 387Q150 339 150 267Q150 195 190 148Q231 100 296 100Q361 100 402 148Q443 195 443 267Z",
  ],
  c: [
    515,
    "M487 448Q487 426 474 410Q461 393 440 393Q424 393 414 398Q404 402 394 410Q385 417 376 422Q366 427 346 431Q327 435 315 435Q240 435 198 388Q155 342 155 267Q155 195 198 148Q241 100 308 100Q357 100 381 112Q387 115 398 122Q408 130 417 134Q426 138 439 138Q464 138 478 122Q493 106 493 81Q493 57 465 36Q437 15 391 2Q345 -10 293 -10Q216 -10 158 26Q99 62 67 126Q35 189 35 267Q35 348 68 411Q102 474 162 510Q222 545 298 545Q383 545 435 518Q487 492 487 448Z",
  ],
  e: [
    580,
    "M484 226H154Q166 167 209 134Q252 100 306 100Q347 100 370 108Q393 115 406 124Q420 132 425 135Q443 144 459 144Q480 144 495 129Q510 114 510 94Q510 67 482 45Q454 22 407 6Q360 -10 312 -10Q228 -10 166 25Q103 60 69 122Q35 183 35 260Q35 346 71 411Q107 476 166 510Q225 545 292 545Q358 545 416 509Q475 473 510 412Q545 351 545 280Q544 256 526 241Q508 226 484 226ZM155 326H417V333Q413 375 376 405Q339 435 292 435Q176 435 155 326Z",
  ],
  h: [
    586,
    "M521 317V61Q521 35 504 18Q487 0 461 0Q435 0 418 18Q401 35 401 61V317Q401 372 380 404Q358 435 304 435Q248 435 216 402Q185 368 185 317V61Q185 35 168 18Q151 0 125 0Q99 0 82 18Q65 35 65 61V679Q65 705 82 722Q99 740 125 740Q151 740 168 722Q185 705 185 679V458Q212 494 254 520Q295 545 346 545Q445 545 483 484Q521 424 521 317Z",
  ],
  i: [
    236,
    "M118 0Q92 0 75 18Q58 35 58 61V474Q58 500 75 518Q92 535 118 535Q144 535 161 518Q178 500 178 474V61Q178 35 161 18Q144 0 118 0ZM55 650V669Q55 697 70 708Q85 719 118 719Q153 719 167 708Q181 697 181 669V650Q181 621 166 610Q152 600 117 600Q83 600 69 611Q55 622 55 650Z",
  ],
  l: [
    270,
    "M134 0Q109 0 92 18Q75 35 75 61V679Q75 705 92 722Q110 740 136 740Q161 740 178 722Q195 705 195 679V61Q195 35 178 18Q160 0 134 0Z",
  ],
  m: [
    922,
    "M857 317V61Q857 35 840 18Q823 0 797 0Q771 0 754 18Q737 35 737 61V317Q737 372 716 404Q694 435 640 435Q584 435 552 402Q521 368 521 317V61Q521 35 504 18Q487 0 461 0Q435 0 418 18Q401 35 401 61V317Q401 372 380 404Q358 435 304 435Q248 435 216 402Q185 368 185 317V61Q185 35 168 18Q151 0 125 0Q99 0 82 18Q65 35 65 61V474Q65 500 82 518Q99 535 125 535Q151 535 168 518Q185 500 185 474V458Q212 494 254 520Q295 545 346 545Q472 545 507 435Q530 477 576 511Q623 545 682 545Q781 545 819 484Q857 424 857 317Z",
  ],
  o: [
    614,
    "M307 -10Q231 -10 169 25Q107 60 71 124Q35 187 35 267Q35 347 71 410Q107 474 169 510Q231 545 307 545Q382 545 444 510Q507 474 543 410Q579 347 579 267Q579 187 543 124Q507 60 444 25Q382 -10 307 -10ZM307 435Q265 435 230 414Q196 393 176 354Q155 316 155 267Q155 218 176 180Q196 142 230 121Q265 100 307 100Q349 100 384 121Q418 142 438 180Q459 218 459 267Q459 316 438 354Q418 393 384 414Q349 435 307 435Z",
  ],
  q: [
    623,
    "M558 474V-139Q558 -165 541 -182Q524 -200 498 -200Q472 -200 455 -182Q438 -165 438 -139V59Q413 31 370 10Q328 -10 281 -10Q212 -10 156 26Q100 61 68 124Q35 187 35 267Q35 347 67 410Q99 474 154 510Q210 545 277 545Q326 545 368 527Q410 509 438 482Q441 505 458 520Q474 535 498 535Q524 535 541 518Q558 501 558 474ZM443 267Q443 339 402 387Q361 435 296 435Q232 435 191 387Q150 339 150 267Q150 195 190 148Q231 100 296 100Q361 100 402 148Q443 195 443 267Z",
  ],
  s: [
    482,
    "M25 113Q25 139 51 157Q65 166 80 166Q101 166 120 147Q150 116 182 101Q215 86 261 86Q339 89 339 145Q339 174 312 189Q286 204 230 219Q172 235 136 251Q99 267 72 300Q46 332 46 387Q46 435 74 470Q101 506 146 526Q190 545 240 545Q291 545 342 526Q393 507 422 470Q435 454 435 434Q435 411 416 396Q402 385 384 385Q362 385 348 399Q330 421 302 434Q273 447 237 447Q161 447 161 392Q161 370 175 356Q189 343 210 336Q232 328 271 317Q325 302 361 286Q397 270 422 237Q447 204 447 150Q447 101 418 64Q389 28 344 9Q298 -10 250 -10Q184 -10 127 12Q70 34 34 83Q25 95 25 113Z",
  ],
  t: [
    409,
    "M360 64Q360 37 330 18Q301 0 264 0Q202 0 160 26Q117 53 117 139V415H71Q47 415 31 431Q15 447 15 471Q15 494 31 510Q47 525 71 525H117V589Q117 615 134 632Q152 650 178 650Q203 650 220 632Q237 615 237 589V525H308Q332 525 348 509Q364 493 364 469Q364 446 348 430Q332 415 308 415H237V144Q237 123 248 114Q259 104 278 104Q286 104 300 108Q312 113 323 113Q337 113 348 100Q360 86 360 64Z",
  ],
  u: [
    587,
    "M522 474V220Q522 112 462 51Q403 -10 293 -10Q183 -10 124 51Q65 112 65 220V474Q65 500 82 518Q99 535 125 535Q151 535 168 518Q185 500 185 474V220Q185 159 212 130Q239 100 293 100Q348 100 375 130Q402 159 402 220V474Q402 500 419 518Q436 535 462 535Q488 535 505 518Q522 500 522 474Z",
  ],
  w: [
    768,
    "M738 473Q738 464 734 450L581 38Q575 20 560 10Q544 -1 526 -1L518 0Q484 2 467 38L382 284L301 38Q284 2 250 0L242 -1Q224 -1 208 10Q193 20 187 38L34 450Q30 461 30 473Q30 498 46 516Q63 535 90 535Q110 535 124 526Q139 516 145 497L253 204L332 418Q348 455 387 455Q408 455 420 446Q431 437 439 418L516 209L623 497Q629 516 644 526Q659 535 681 535Q705 535 722 518Q738 500 738 473Z",
  ],
};

function textWidth(text: string, size: number): number {
  let adv = 0;
  for (const ch of text) adv += GLYPHS[ch]?.[0] ?? 500;
  return (adv * size) / 1000;
}

/** Text as outlines, baseline at (x, y). */
function lettering(text: string, x: number, y: number, size: number, fill: string): string {
  let pen = 0;
  let body = "";
  for (const ch of text) {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`No outline for ${JSON.stringify(ch)}`);
    if (glyph[1]) body += `<path transform="translate(${pen} 0)" d="${glyph[1]}"/>`;
    pen += glyph[0];
  }
  const k = size / 1000;
  return `<g fill="${fill}" transform="translate(${n(x)} ${n(y)}) scale(${k} ${-k})">${body}</g>`;
}

const dropPath = "M20 3C20 3 7 17.5 7 27A13 13 0 0 0 33 27C33 17.5 20 3 20 3Z";

/** The mark: a drop with a wave and a bubble cut out, in a 40×40 box. */
function mark(id: string, fill: string): string {
  return (
    `<mask id="${id}" maskUnits="userSpaceOnUse" x="0" y="0" width="40" height="44">` +
    `<rect width="40" height="44" fill="#ffffff"/>` +
    `<path d="M8.5 29Q11.75 25.5 15 29T21.5 29T28 29T34.5 29" fill="none" stroke="#000000" stroke-width="3" stroke-linecap="round"/>` +
    `<circle cx="15.5" cy="19.5" r="2.4" fill="#000000"/></mask>` +
    `<path d="${dropPath}" fill="${fill}" mask="url(#${id})"/>`
  );
}

function logoSvg(): string {
  const size = 28;
  const text = "Aqua Nest";
  const x = 40;
  const width = Math.ceil(x + textWidth(text, size) + 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 48" width="${width}" height="48" role="img"><title>Aqua Nest Swim School</title>${g("translate(0 2)", mark("aqua-nest-mark", "#ffffff"))}${lettering(text, x, 34, size, "#ffffff")}</svg>\n`;
}

function faviconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>Aqua Nest Swim School</title><rect width="64" height="64" rx="14" fill="#0b4f8a"/>${g("translate(5 3) scale(1.35)", mark("m", "#ffffff"))}</svg>\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// What to make

type Aspect = readonly [number, number];

interface ImageDef {
  name: string;
  aspect: Aspect;
  /** Ascending; the last is the design width. */
  widths: readonly number[];
  palette: PaletteName;
  draw: (c: Ctx) => string;
  /** Seed (defaults to the name); a poster shares its video's seed so it is the video's first frame. */
  seed?: string;
  /** AVIF settings, where the defaults' file is too heavy for where it is shown. */
  avif?: { quality: number; effort: number };
}

/** The AVIF settings of every image that does not set its own. */
const avifDefaults = { quality: 50, effort: 3 };

interface VideoDef {
  name: string;
  width: number;
  height: number;
  seconds: number;
  poster: ImageDef;
  crf: { vp9: number; x264: number };
}

const R16x9: Aspect = [16, 9];
const R4x3: Aspect = [4, 3];
const R4x5: Aspect = [4, 5];
const R1x1: Aspect = [1, 1];
const R9x16: Aspect = [9, 16];
const R3x4: Aspect = [3, 4];

const heroDraw = (c: Ctx) =>
  seaScene(c, {
    horizon: 0.46,
    sun: [0.8, 0.2],
    swimmer: { x: 0.6, kind: "kick", scale: 1.5 },
    ducks: { x: 0.9, count: 2 },
    bubbles: 22,
    clouds: 3,
  });

const posters = {
  hero: {
    name: "hero-poster",
    aspect: R16x9,
    // 960: a phone's full width (as about-hero's), in one network flight; the 1280 file is one flight and a bit.
    widths: [640, 960, 1280],
    palette: "day",
    draw: heroDraw,
    seed: "hero",
  },
  contact: {
    name: "contact-poster",
    aspect: R3x4,
    widths: [480, 960],
    palette: "lagoon",
    draw: ripplesScene,
    seed: "contact",
  },
  shop1: {
    name: "shop-1-poster",
    aspect: R3x4,
    widths: [480, 960],
    palette: "coral",
    draw: towelsScene,
    seed: "shop-1",
  },
  shop2: {
    name: "shop-2-poster",
    aspect: R3x4,
    widths: [480, 960],
    palette: "mint",
    draw: swimwearScene,
    seed: "shop-2",
  },
} satisfies Record<string, ImageDef>;

const people: Person[] = [
  { skin: skins[1], hair: hairs[2], style: "bun", shirt: "#ff7f6b", accessory: "whistle" },
  { skin: skins[3], hair: hairs[4], style: "crop", shirt: "#2bb3c0", accessory: "glasses", eyes: "happy" },
  { skin: skins[0], hair: hairs[5], style: "curly", shirt: "#7b6cf6", accessory: "goggles" },
];

const carousel: [PaletteName, (c: Ctx) => string][] = [
  [
    "lagoon",
    (c) =>
      seaScene(c, {
        horizon: 0.42,
        sun: [0.15, 0.18],
        swimmer: { x: 0.58, kind: "crawl", scale: 1.6 },
        ring: 0.2,
        bubbles: 14,
        clouds: 2,
      }),
  ],
  ["deep", (c) => underwaterScene(c, { hearts: false, floor: true, angle: 18 })],
  ["sunset", ducksScene],
  ["coral", flatLayScene],
  ["lagoon", (c) => lanesScene(c, { lanes: 4, strokes: ["back", "crawl"] })],
  ["mint", (c) => parentBabyScene(c, { horizon: 0.5, hat: true, ducks: true })],
  ["day", jumpScene],
  ["coral", noodlesScene],
  ["mint", ladderScene],
  ["deep", (c) => poolsideScene(c, { lanes: 4, flags: true, swimmers: 2, umbrella: false })],
];

const reels: [PaletteName, (c: Ctx) => string][] = [
  [
    "day",
    (c) =>
      seaScene(c, {
        horizon: 0.58,
        sun: [0.72, 0.14],
        swimmer: { x: 0.4, kind: "kick", scale: 1.8 },
        bubbles: 18,
        clouds: 2,
      }),
  ],
  ["deep", (c) => lanesScene(c, { lanes: 3, strokes: ["crawl", "kick"] })],
  ["coral", (c) => parentBabyScene(c, { horizon: 0.62, hat: false, ducks: false })],
  ["lagoon", (c) => underwaterScene(c, { hearts: false, floor: true, angle: -20, y: 0.68 })],
  ["day", jumpScene],
  ["sunset", (c) => ducksScene(c, 0.62)],
  ["mint", (c) => underwaterScene(c, { hearts: true, floor: false, angle: -10, y: 0.7 })],
  ["deep", (c) => lessonScene(c, 0.62)],
  ["coral", (c) => noodlesScene(c, 0.6)],
  ["lagoon", (c) => lanesScene(c, { lanes: 3, strokes: ["kick", "back"] })],
  [
    "sunset",
    (c) =>
      seaScene(c, {
        horizon: 0.58,
        sun: [0.5, 0.3],
        swimmer: { x: 0.6, kind: "crawl", flip: true, scale: 1.8 },
        ring: 0.2,
        bubbles: 16,
        clouds: 1,
      }),
  ],
  ["mint", ripplesScene],
];

const images: ImageDef[] = [
  posters.hero,
  {
    name: "why-1",
    aspect: R4x3,
    widths: [480, 960],
    palette: "lagoon",
    draw: (c) => lanesScene(c, { lanes: 4, strokes: ["kick", "crawl"] }),
  },
  {
    name: "why-2",
    aspect: R4x3,
    widths: [480, 960],
    palette: "day",
    draw: (c) => parentBabyScene(c, { horizon: 0.46, hat: false, ducks: true }),
  },
  { name: "progress", aspect: R4x3, widths: [480, 960], palette: "mint", draw: progressScene },
  {
    name: "about-hero",
    aspect: R16x9,
    // 960: a phone's full width (Lighthouse's: 412 px at 1.75×, 721 px) without fetching the 1280 file.
    widths: [640, 960, 1280],
    // /about's largest paint: the phone's file, 11.9 KB, and its response's headers (about 1.5 KB) fit a connection's
    // first flight (about 14.6 KB; 20.9 KB at the defaults took one round trip more). Under the hero's darkening
    // gradient the lower quality does not show.
    avif: { quality: 38, effort: 6 },
    palette: "day",
    draw: (c) => poolsideScene(c, { lanes: 4, flags: false, swimmers: 3, umbrella: true }),
  },
  {
    name: "founder",
    aspect: R4x5,
    widths: [400, 800],
    palette: "day",
    draw: (c) =>
      portraitScene(
        c,
        {
          skin: skins[2],
          hair: hairs[1],
          style: "long",
          shirt: "#0b4f8a",
          accessory: "goggles",
          eyes: "happy",
        },
        "#dff4f8",
        "#ffe7c2",
      ),
  },
  {
    name: "passion",
    aspect: R4x3,
    widths: [480, 960],
    palette: "coral",
    draw: (c) => underwaterScene(c, { hearts: true, floor: false, angle: -12 }),
  },
  { name: "teaching", aspect: R4x3, widths: [480, 960], palette: "day", draw: lessonScene },
  ...carousel.map(
    ([palette, draw], i): ImageDef => ({
      name: `carousel-${i + 1}`,
      aspect: R4x3,
      widths: [360, 720],
      palette,
      draw,
    }),
  ),
  ...people.map(
    (person, i): ImageDef => ({
      name: `team-${i + 1}`,
      aspect: R1x1,
      widths: [320, 640],
      palette: (["day", "coral", "lagoon"] as const)[i] ?? "day",
      draw: (c) =>
        portraitScene(
          c,
          person,
          ["#fff1dc", "#e3f5fb", "#ffe9e4"][i] ?? "#fff",
          ["#bdeff5", "#ffd9b0", "#c9f2e6"][i] ?? "#fff",
        ),
    }),
  ),
  ...reels.map(
    ([palette, draw], i): ImageDef => ({
      name: `reel-${i + 1}`,
      aspect: R9x16,
      widths: [270, 540],
      palette,
      // No play icon in the picture: the page draws one over reels that play, and a sample reel is a still.
      draw,
    }),
  ),
  posters.contact,
  posters.shop1,
  posters.shop2,
];

const videos: VideoDef[] = [
  { name: "hero", width: 1280, height: 720, seconds: 7, poster: posters.hero, crf: { vp9: 33, x264: 24 } },
  { name: "shop-1", width: 480, height: 640, seconds: 5, poster: posters.shop1, crf: { vp9: 33, x264: 24 } },
  { name: "shop-2", width: 480, height: 640, seconds: 5, poster: posters.shop2, crf: { vp9: 33, x264: 24 } },
  {
    name: "contact",
    width: 480,
    height: 640,
    seconds: 5,
    poster: posters.contact,
    crf: { vp9: 33, x264: 24 },
  },
];

const FPS = 24;

// ---------------------------------------------------------------------------------------------------------------
// Rendering

/** The design size of an image: its largest width, height from the aspect. */
function designSize(def: ImageDef): { W: number; H: number } {
  const W = def.widths.at(-1) ?? 0;
  return { W, H: Math.round((W * def.aspect[1]) / def.aspect[0]) };
}

function svgFor(def: ImageDef, width: number, height: number, t: number): string {
  const { W, H } = designSize(def);
  const c: Ctx = { W, H, rng: new Rng(def.seed ?? def.name), pal: palettes[def.palette], t, id: "a" };
  const body = def.draw(c);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

async function rasterise(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

async function makeImage(def: ImageDef): Promise<void> {
  const { W, H } = designSize(def);
  for (const width of def.widths) {
    const height = Math.round((width * H) / W);
    const { data, raw } = await rasterise(svgFor(def, width, height, 0));
    const base = path.join(mediaDir, `${def.name}-${width}`);
    await sharp(data, { raw })
      .avif(def.avif ?? avifDefaults)
      .toFile(`${base}.avif`);
    await sharp(data, { raw }).webp({ quality: 70, effort: 5, smartSubsample: true }).toFile(`${base}.webp`);
  }
}

async function eachLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function makeVideo(v: VideoDef): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `media-${v.name}-`));
  try {
    const frames = Math.round(v.seconds * FPS);
    const indexes = Array.from({ length: frames }, (_, i) => i);
    await eachLimit(indexes, 4, async (i) => {
      const svg = svgFor(v.poster, v.width, v.height, i / frames);
      const file = path.join(dir, `frame-${String(i).padStart(4, "0")}.png`);
      await sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 1 }).toFile(file);
    });
    const args = (text: string) => text.split(" ");
    const input = [
      ...args(`-y -hide_banner -loglevel error -framerate ${FPS} -i`),
      path.join(dir, "frame-%04d.png"),
    ];
    // bt709 tags so browsers show the same colours as the posters; one keyframe per loop; no audio, no metadata.
    const common = [
      ...args("-an -vf scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"),
      ...args("-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv"),
      ...args(`-g ${frames} -map_metadata -1 -fflags +bitexact`),
    ];
    const out = path.join(mediaDir, v.name);
    const vp9 = `-c:v libvpx-vp9 -b:v 0 -crf ${v.crf.vp9} -deadline good -cpu-used 4 -row-mt 1 -threads 2`;
    const x264 = `-c:v libx264 -preset slow -tune animation -crf ${v.crf.x264} -profile:v high -threads 2`;
    const webm = [...input, ...args(vp9), ...common, `${out}.webm`];
    const mp4 = [...input, ...args(x264), ...common, ...args("-movflags +faststart"), `${out}.mp4`];
    await Promise.all([run(ffmpeg, webm), run(ffmpeg, mp4)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function makeOg(): Promise<void> {
  const W = 1200;
  const H = 630;
  const c: Ctx = { W, H, rng: new Rng("og"), pal: palettes.day, t: 0, id: "o" };
  let body = seaScene(c, {
    horizon: 0.5,
    sun: [0.86, 0.2],
    swimmer: { x: 0.8, kind: "kick", scale: 1.3 },
    bubbles: 16,
    clouds: 1,
  });
  const big = 92;
  const small = 58;
  const textW = Math.max(textWidth("Aqua Nest", big), textWidth("Swim School", small));
  const panelW = 64 + 100 + 28 + textW + 64;
  body += rect(56, 176, panelW, 300, 36, 'fill="#062f55" fill-opacity=".25"');
  body += rect(48, 160, panelW, 300, 36, 'fill="#0b4f8a"');
  body += g("translate(104 218) scale(2.6)", mark("m", "#ffffff"));
  body += lettering("Aqua Nest", 240, 300, big, "#ffffff");
  body += lettering("Swim School", 244, 390, small, "#bff3ff");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
  await sharp(Buffer.from(svg))
    .removeAlpha()
    .jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: "4:4:4" })
    .toFile(path.join(mediaDir, "og.jpg"));
}

function manifestJson(): string {
  const lines = images.map((def) => {
    const { W, H } = designSize(def);
    return `  "${def.name}": { "width": ${W}, "height": ${H}, "widths": [${def.widths.join(", ")}] }`;
  });
  return `{\n${lines.join(",\n")}\n}\n`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const names = new Set(images.map((d) => d.name));
  if (names.size !== images.length) throw new Error("Duplicate image names");
  const only = process.env.MEDIA_ONLY?.split(",");
  if (!only) rmSync(mediaDir, { recursive: true, force: true });
  mkdirSync(mediaDir, { recursive: true });
  writeFileSync(path.join(root, "public/logo.svg"), logoSvg());
  writeFileSync(path.join(root, "public/favicon.svg"), faviconSvg());
  writeFileSync(manifestFile, manifestJson());
  await eachLimit(
    images.filter((d) => !only || only.includes(d.name)),
    2,
    makeImage,
  );
  await makeOg();
  console.log(`images: ${images.length} names, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (process.env.MEDIA_SKIP_VIDEO) return;
  if (!hasFfmpeg(ffmpeg)) {
    console.error(
      `ffmpeg not found (looked for "${ffmpeg}"; set FFMPEG to its path): the videos were not made.`,
    );
    process.exitCode = 1;
    return;
  }
  for (const v of videos) {
    const t0 = performance.now();
    await makeVideo(v);
    console.log(`video ${v.name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const files = readdirSync(mediaDir);
  const total = files.reduce((sum, f) => sum + statSync(path.join(mediaDir, f)).size, 0);
  console.log(
    `${files.length} files, ${(total / 1024).toFixed(0)} KB, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

await main();
