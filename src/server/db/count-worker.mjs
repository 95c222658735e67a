// The counting thread's entry (db/counting.ts). Plain JavaScript because a worker thread starts without the loader
// hooks of the thread that made it: tsx is registered here, then the TypeScript loads as everywhere else.
import { register } from "tsx/esm/api";

register();
await import("./count-worker.ts");
