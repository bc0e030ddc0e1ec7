import { z } from "zod";

// The CLI parses each schema a few times a turn, in a process that starts for one session.
// zod's JIT writes a parser per object schema with `new Function`: code the build's V8 code
// cache cannot hold, so every process generates and compiles it again and runs it cold through
// the first turns. Without it, 30-turn sessions cost about 0.8 ms less a turn (bench/results.md,
// "Per-turn overhead"). Set here, in the executable's entry, not in the library: it is global.
z.config({ jitless: true });
