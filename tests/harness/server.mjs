#!/usr/bin/env node
/**
 * The harness server (TEST DOUBLE of a Foundry VTT v13 server for browser tests).
 *
 *   node tests/harness/server.mjs --system <unzipped dist dir> --packs <extracted pack JSON dir> [--port 0] [--host 127.0.0.1]
 *        [--exit-with-stdin 1] [--world <file.json>] [--cache 1]
 *
 * Prints one JSON line {"url": "http://127.0.0.1:PORT"} on stdout when listening. Serves the built system at
 * /systems/<id>/, the stand-in client at /harness/ (page: /game?user=<id>), core template stand-ins at /templates/,
 * placeholder SVGs for icons/svg/*, and a WebSocket at /ws?user=<id> for documents, settings, game.socket relays and
 * User#query. A user may hold several connections (tabs); a query reaches the most recent one. Test endpoints:
 * GET /harness/users, GET /harness/world, POST /harness/reset, POST /harness/seed, POST /harness/settle.
 * A port that is taken: one JSON line {"error": "EADDRINUSE", "port": N} on stderr and exit status 3.
 * SIGINT/SIGTERM (and, with --exit-with-stdin 1, the end of stdin) close every connection and free the port.
 * --world FILE keeps the world in that file (not a Foundry feature: the preview's "keep my world"): loaded at start when
 * it exists (a file that is not a saved world stops the server with a JSON line {"error": "BADWORLD", …} on stderr and
 * exit status 4, the file untouched), written a moment after every change and at shutdown, through a temporary file
 * renamed over it, so a crash never leaves half a world.
 */
import http from "node:http";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { readFile, readdir, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WebSocketServer } from "ws";
import { PermissionError, World } from "./world.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLIENT = path.join(HERE, "client");
const { resolve } = createRequire(import.meta.url);
const HANDLEBARS = resolve("handlebars/dist/handlebars.min.js");
/** The Quench stand-in's Mocha (UMD bundle) and Chai (ESM bundle), from node_modules. */
/** Font Awesome 6 (the free web fonts): v13 draws its icons with Font Awesome 6 classes (`fa-solid fa-…`, as core's
 * CONFIG.ChatMessage modes in client/boot.mjs), and ships the font with the client; the stand-in serves the free set. */
const FONT_AWESOME = path.dirname(resolve("@fortawesome/fontawesome-free/package.json"));
const VENDOR = { "handlebars.min.js": HANDLEBARS, "mocha.js": resolve("mocha/mocha.js"), "chai.js": resolve("chai") };
const TYPES = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
  ".css": "text/css", ".hbs": "text/plain", ".svg": "image/svg+xml", ".png": "image/png", ".webp": "image/webp",
  ".jpg": "image/jpeg", ".md": "text/plain", ".woff2": "font/woff2", ".ttf": "font/ttf" };

function parseArgs(argv) {
  const args = { port: 0, host: "127.0.0.1" };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    if (!["system", "packs", "port", "host", "exit-with-stdin", "world", "cache"].includes(key)) throw new Error(`Unknown argument ${argv[i]}`);
    args[key] = argv[i + 1];
  }
  if (!args.system || !args.packs) throw new Error("Usage: server.mjs --system <dir> --packs <dir> [--port 0] [--host 127.0.0.1]");
  return args;
}

const args = parseArgs(process.argv.slice(2));
const systemDir = path.resolve(args.system);
const manifest = JSON.parse(await readFile(path.join(systemDir, "system.json"), "utf8"));
const world = new World({ manifest, packsDir: path.resolve(args.packs) });

/* ============================================ --world FILE ============================================ */

const worldFile = args.world ? path.resolve(args.world) : null;
if (worldFile) {
  let text = null;
  try {
    text = readFileSync(worldFile, "utf8");
  } catch (err) {
    if (err.code !== "ENOENT") throw err;
  }
  if (text !== null) {
    try {
      world.load(JSON.parse(text));
    } catch (err) {
      process.stderr.write(`${JSON.stringify({ error: "BADWORLD", file: worldFile, why: err.message })}\n`);
      process.exit(4);
    }
  }
}
let saveTimer = null;
/** Write the world to --world FILE now (a temporary file renamed over it). */
function saveNow() {
  if (!worldFile) return;
  clearTimeout(saveTimer);
  saveTimer = null;
  const tmp = `${worldFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(world));
  renameSync(tmp, worldFile);
}
/** After a change: save a moment later (many writes in a burst make one save). */
function saveSoon() {
  if (worldFile && !saveTimer) saveTimer = setTimeout(saveNow, 200);
}

/* ================================================== HTTP ================================================== */

/**
 * --cache 1 (the browser tests): the files served never change while the server runs (the system is unpacked to a
 * fresh directory per run; the tests do not edit the stand-in's client), so a browser may keep them: a page's next
 * boot takes the system's bundle, the stand-in's client (bundled: CLIENT_BUNDLE below), templates and styles from
 * the browser's cache (and V8's code cache) instead of fetching and compiling them again. Without it (the preview,
 * where a developer may edit the client), nothing is kept.
 */
const STATIC_CACHE = args.cache === "1" ? "public, max-age=86400, immutable" : "no-store";

/**
 * With --cache 1 the stand-in's client (client/boot.mjs and the ~30 modules it imports) is served as one module,
 * bundled once at start with esbuild (as the system ships its own bundle): a page's boot is then two module loads,
 * not ~30 (test double only: nothing else changes; class names are kept, the stand-in names render hooks after them).
 * Without it (the preview) each file is served as it is on disk, so an edit shows on the next reload.
 */
const CLIENT_BUNDLE = args.cache === "1" ? await bundleClient() : null;

async function bundleClient() {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [path.join(CLIENT, "boot.mjs")], bundle: true, format: "esm", platform: "browser", target: "esnext",
    keepNames: true, write: false, logLevel: "silent",
    external: ["/harness/vendor/*", "/harness/templates.mjs"]
  });
  return Buffer.from(result.outputFiles[0].contents);
}

/**
 * /harness/templates.mjs (TEST DOUBLE; no v13 counterpart: v13's `getTemplate` fetches a template and compiles it in
 * the browser, as client/handlebars.mjs still does for any path not here): every Handlebars template the server
 * serves — the system's `*.hbs` and the core stand-ins under /templates/ — precompiled with the `handlebars` package's
 * own `precompile` (the same version as the page's `handlebars.min.js`; its documented ahead-of-time form, which the
 * page turns back into a template with `Handlebars.template`), as one module: `export default {"<URL path>": spec}`.
 * A boot then takes one cached module instead of a fetch and a compile per template. A template that does not
 * compile is left out, so the page fetches it and reports the same error it always did. With --cache 1 it is built
 * once at start; without it (the preview) on every request, so an edited template shows on the next reload.
 * @returns {Promise<Buffer>}
 */
async function templatesModule() {
  const Handlebars = createRequire(import.meta.url)("handlebars");
  const roots = [[systemDir, `/systems/${manifest.id}/`], [path.join(CLIENT, "templates"), "/templates/"]];
  const entries = [];
  for (const [root, prefix] of roots) {
    const files = (await readdir(root, { recursive: true })).filter(f => f.endsWith(".hbs")).sort();
    for (const file of files) {
      const source = await readFile(path.join(root, file), "utf8");
      let spec;
      try {
        spec = Handlebars.precompile(source, { preventIndent: true });
      } catch {
        continue;
      }
      entries.push(`${JSON.stringify(prefix + file.split(path.sep).join("/"))}: ${spec}`);
    }
  }
  return Buffer.from(`// Generated by tests/harness/server.mjs (templatesModule): precompiled templates, do not edit.\n`
    + `export default {\n${entries.join(",\n")}\n};\n`);
}
const TEMPLATES_MODULE = args.cache === "1" ? await templatesModule() : null;

async function sendFile(res, root, relative, cache = STATIC_CACHE) {
  const file = path.resolve(root, decodeURIComponent(relative));
  if (!file.startsWith(root + path.sep)) return send(res, 403, "Forbidden");
  try {
    if (!(await stat(file)).isFile()) return send(res, 404, "Not found");
  } catch {
    return send(res, 404, "Not found");
  }
  res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", "cache-control": cache });
  res.end(await readFile(file));
  return undefined;
}

function send(res, status, body, type = "text/plain") {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

const json = (res, body, status = 200) => send(res, status, body, "application/json");

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : {};
}

function placeholderIcon(name) {
  const label = name.replace(/\.svg$/, "").replace(/[^a-z0-9-]/gi, " ");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${label}">`
    + `<rect width="64" height="64" rx="8" fill="#888"/><text x="32" y="38" font-size="10" text-anchor="middle" fill="#fff">`
    + `${label.slice(0, 10)}</text></svg>`;
}

/**
 * POST /harness/seed {actors, items, scenes, combats, messages, playlists, journal, settings, users}: created as the GM (test
 * setup, `keepId`, in that order; `settings` entries are `{key, value}` world settings, `users` patches), broadcast to
 * clients.
 */
function seed(body) {
  const gm = world.gm;
  const out = {};
  const kinds = [["Actor", "actors"], ["Item", "items"], ["Scene", "scenes"], ["Combat", "combats"], ["ChatMessage", "messages"],
    ["Playlist", "playlists"], ["JournalEntry", "journal"]];
  for (const [documentName, key] of kinds) {
    if (!body[key]?.length) continue;
    const { result, ids, followUps } = world.modify(gm, { documentName, operation: "create", data: body[key], options: { keepId: true } });
    broadcast({ type: "modifyDocument", documentName, operation: "create", parentUuid: null, result, options: {}, userId: gm._id });
    broadcastFollowUps(followUps, gm);
    out[key] = ids;
  }
  for (const { key, value } of body.settings ?? []) {
    const setting = world.setSetting(gm, { key, value });
    broadcast({ type: "modifyDocument", documentName: "Setting", operation: "update", parentUuid: null, result: [setting],
      options: {}, userId: gm._id });
  }
  for (const patch of body.users ?? []) {
    const { result } = world.modify(gm, { documentName: "User", operation: "update", updates: [patch] });
    broadcast({ type: "modifyDocument", documentName: "User", operation: "update", parentUuid: null, result, options: {}, userId: gm._id });
  }
  return out;
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, "http://harness");
    const p = url.pathname;
    if (req.method === "POST" && p === "/harness/reset") {
      world.reset();
      saveSoon();
      return json(res, { ok: true });
    }
    if (req.method === "POST" && p === "/harness/seed") {
      const out = seed(await readBody(req));
      saveSoon();
      return json(res, out);
    }
    if (req.method === "POST" && p === "/harness/settle") {
      try {
        return json(res, await settle());
      } catch (err) {
        return send(res, 504, err.message);
      }
    }
    if (req.method === "POST" && p === "/harness/stats/reset") {
      stats.clear();
      return json(res, { ok: true });
    }
    if (req.method !== "GET") return send(res, 405, "Method not allowed");
    if (p === "/harness/stats") return json(res, Object.fromEntries(stats));
    if (p === "/harness/users") return json(res, world.users.map(u => ({ _id: u._id, name: u.name, role: u.role })));
    if (p === "/harness/world") return json(res, world);
    if (p === "/") {
      const links = world.users.map(u => `<li><a href="/game?user=${u._id}">${u.name}</a></li>`).join("");
      return send(res, 200, `<!DOCTYPE html><html lang="en"><title>The Smoke harness</title><h1>Join as</h1><ul>${links}</ul></html>`, "text/html");
    }
    if (p === "/game") return sendFile(res, CLIENT, "index.html", "no-store");
    if (p === "/favicon.ico") return send(res, 204, "");
    const vendor = p.startsWith("/harness/vendor/") && VENDOR[p.slice("/harness/vendor/".length)];
    if (vendor) return sendFile(res, path.dirname(vendor), path.basename(vendor));
    if (p.startsWith("/harness/fontawesome/")) return sendFile(res, FONT_AWESOME, p.slice("/harness/fontawesome/".length));
    if (CLIENT_BUNDLE && p === "/harness/boot.mjs") {
      res.writeHead(200, { "content-type": "text/javascript", "cache-control": STATIC_CACHE });
      return void res.end(CLIENT_BUNDLE);
    }
    if (p === "/harness/templates.mjs") {
      res.writeHead(200, { "content-type": "text/javascript", "cache-control": STATIC_CACHE });
      return void res.end(TEMPLATES_MODULE ?? await templatesModule());
    }
    if (p.startsWith("/harness/")) return sendFile(res, CLIENT, p.slice("/harness/".length));
    if (p.startsWith("/templates/")) return sendFile(res, path.join(CLIENT, "templates"), p.slice("/templates/".length));
    if (p.startsWith(`/systems/${manifest.id}/`)) return sendFile(res, systemDir, p.slice(`/systems/${manifest.id}/`.length));
    if (p.startsWith("/icons/svg/")) {
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": STATIC_CACHE });
      return void res.end(placeholderIcon(path.basename(p)));
    }
    return send(res, 404, "Not found");
  } catch (err) {
    return send(res, err instanceof SyntaxError ? 400 : 500, err.message);
  }
});

/* =============================================== WebSocket ================================================ */

const wss = new WebSocketServer({ server, path: "/ws" });
const connections = new Map(); // ws → userId
const queries = new Map(); // qid → {from, rid, target}
let qid = 0;

const activeUsers = () => Array.from(new Set(connections.values()));

/**
 * TEST ONLY (no v13 counterpart): what each user's connections wrote and were sent, for the benchmarks
 * (tests/bench/): `writes` (document and setting writes asked for, by `<Document> <operation>`), `bytesIn` (frames
 * received from that user) and `bytesOut` (frames sent to that user; `bytesOutByType` by frame type, a document
 * broadcast by `<Document> <operation>`). GET /harness/stats; POST /harness/stats/reset.
 */
const stats = new Map();
const statsOf = userId => {
  if (!stats.has(userId)) stats.set(userId, { writes: 0, byKind: {}, bytesIn: 0, bytesOut: 0, bytesOutByType: {} });
  return stats.get(userId);
};
function countWrite(userId, kind) {
  const s = statsOf(userId);
  s.writes++;
  s.byKind[kind] = (s.byKind[kind] ?? 0) + 1;
}

/**
 * TEST ONLY (no v13 counterpart): POST /harness/settle, what a browser test waits for before asserting that something
 * did NOT happen (instead of a fixed sleep). The server sends every connection a `settle` frame, which the client
 * answers once it has handled every frame before it (boot.mjs: in order with the document events, so a client still
 * booting answers once it is live); a round is quiet when no other frame went to or came from any client meanwhile and
 * no User#query is open. Settled = two quiet rounds in a row: every change has reached every client, and whatever
 * each client did in answer (a write, a request, a query, and what those caused in turn) has run its course. Work a
 * client defers by a timer (the system's 1-second clock tick, a debounce) is not seen: tests wait for those by their
 * own condition. Answers {rounds}, or 504 after 15 s.
 */
let traffic = 0;
let settleId = 0;
/** settle id → {waiting: Set<ws>, done()} */
const settling = new Map();

/** One round: every open connection answers a settle frame (a connection that closes counts as answered). */
function settleRound() {
  const id = ++settleId;
  const open = [...connections.keys()].filter(ws => ws.readyState === ws.OPEN);
  if (!open.length) return Promise.resolve();
  return new Promise(resolve => {
    const waiting = new Set(open);
    settling.set(id, { waiting, done: resolve });
    for (const ws of open) ws.send(JSON.stringify({ type: "settle", id }));
  });
}

function settleAnswered(id, ws) {
  const round = settling.get(id);
  if (!round) return;
  round.waiting.delete(ws);
  if (!round.waiting.size) {
    settling.delete(id);
    round.done();
  }
}

async function settle(timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  let quiet = 0;
  let rounds = 0;
  while (quiet < 2) {
    if (Date.now() > until) throw new Error(`The clients did not settle in ${timeoutMs} ms (${queries.size} queries open)`);
    const before = traffic;
    await settleRound();
    rounds++;
    if (traffic === before && queries.size === 0) quiet++;
    else {
      quiet = 0;
      if (queries.size) await new Promise(r => setTimeout(r, 5));
    }
  }
  return { rounds };
}

const sendTo = (ws, msg) => {
  if (ws.readyState !== ws.OPEN) return false;
  traffic++;
  const text = JSON.stringify(msg);
  const userId = connections.get(ws);
  if (userId) {
    const s = statsOf(userId);
    const bytes = Buffer.byteLength(text);
    const type = msg.type === "modifyDocument" ? `${msg.documentName} ${msg.operation}` : msg.type;
    s.bytesOut += bytes;
    s.bytesOutByType[type] = (s.bytesOutByType[type] ?? 0) + bytes;
  }
  ws.send(text);
  return true;
};

function broadcast(msg, except = null) {
  for (const ws of connections.keys()) if (ws !== except) sendTo(ws, msg);
}

/** Changes the server made as a consequence of a write (another Scene deactivated), broadcast after it. */
function broadcastFollowUps(followUps = [], user) {
  for (const f of followUps) broadcast({ type: "modifyDocument", ...f, options: {}, userId: user._id });
}

/** A user's connections, oldest first (a user may be connected from several tabs). */
const connectionsOf = userId => [...connections].filter(([, id]) => id === userId).map(([ws]) => ws);

async function handleRequest(ws, user, msg) {
  switch (msg.action) {
    case "modifyDocument": {
      const { result, ids, followUps } = world.modify(user, msg);
      if (msg.operation !== "get") countWrite(user._id, `${msg.documentName} ${msg.operation}`);
      broadcast({ type: "modifyDocument", documentName: msg.documentName, operation: msg.operation,
        parentUuid: msg.parentUuid ?? null, result, options: msg.options ?? {}, userId: user._id });
      broadcastFollowUps(followUps, user);
      return ids;
    }
    case "setSetting": {
      const setting = world.setSetting(user, msg);
      countWrite(user._id, `Setting ${msg.key}`);
      broadcast({ type: "modifyDocument", documentName: "Setting", operation: "update", parentUuid: null,
        result: [setting], options: {}, userId: user._id });
      return setting;
    }
    case "getPack":
      return world.pack(user, msg.pack);
    case "pause": {
      // v13: only a GM may pause or unpause the game; the server relays the new state to every client.
      if (!(user.role >= 4)) throw new PermissionError(`User ${user.name} lacks permission to pause the game`);
      world.paused = Boolean(msg.paused);
      broadcast({ type: "pause", paused: world.paused, userId: user._id });
      return world.paused;
    }
    case "skewTime": {
      // TEST ONLY (no v13 counterpart): move the server clock forward, as if that much real time had passed.
      const ms = Number(msg.ms);
      if (!Number.isFinite(ms) || ms < 0) throw new Error("skewTime needs a non-negative number of milliseconds");
      world.clockSkew += ms;
      broadcast({ type: "clock", serverTime: world.serverTime });
      return world.serverTime;
    }
    case "emit": {
      // v13 core "pullToScene" (Scene#pullUsers): a GM sends one user's client to a scene, which it then views.
      if (msg.event === "pullToScene") {
        if (!(user.role >= 3)) throw new Error("Only a GM may pull users to a scene");
        const [sceneId, userId] = msg.args ?? [];
        for (const target of connectionsOf(userId)) sendTo(target, { type: "pullToScene", sceneId });
        return true;
      }
      // v13 core "regionEvent" (RegionDocument#_triggerEvent): to every other client, as the sender sent it.
      if (msg.event === "regionEvent") {
        broadcast({ type: "regionEvent", payload: msg.args?.[0] ?? {} }, ws);
        return true;
      }
      const allowed = manifest.socket && msg.event === `system.${manifest.id}`;
      if (!allowed) throw new Error(`Socket event "${msg.event}" is not permitted (only system.${manifest.id} with "socket": true)`);
      broadcast({ type: "socket", event: msg.event, args: msg.args ?? [] }, ws);
      return true;
    }
    case "query": {
      // A query reaches ONE connection of the target user: the most recent one (the last tab opened).
      const target = connectionsOf(msg.userId).at(-1);
      if (!target) throw new Error(`User ${world.user(msg.userId)?.name ?? msg.userId} is not active`);
      const id = ++qid;
      queries.set(id, { from: ws, rid: msg.rid, target });
      sendTo(target, { type: "query", qid: id, name: msg.name, data: msg.data });
      return undefined; // answered when the target replies
    }
    default:
      throw new Error(`Unknown request ${msg.action}`);
  }
}

wss.on("connection", (ws, req) => {
  const userId = new URL(req.url, "http://harness").searchParams.get("user");
  const user = world.user(userId);
  if (!user) return ws.close(4001, `Unknown user ${userId}`);
  const wasActive = activeUsers().includes(userId);
  connections.set(ws, userId);
  sendTo(ws, world.snapshot(userId, activeUsers()));
  if (!wasActive) broadcast({ type: "userActivity", userId, active: true }, ws);

  ws.on("message", async raw => {
    let msg;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (msg.type === "settled") return void settleAnswered(msg.id, ws);
    traffic++;
    statsOf(userId).bytesIn += raw.length ?? Buffer.byteLength(String(raw));
    if (msg.type === "queryResult") {
      const q = queries.get(msg.qid);
      if (!q || q.target !== ws) return;
      queries.delete(msg.qid);
      sendTo(q.from, { type: "response", rid: q.rid, result: msg.result, error: msg.error });
      return;
    }
    if (msg.type !== "request") return;
    try {
      const me = world.user(connections.get(ws));
      const result = await handleRequest(ws, me, msg);
      if (["modifyDocument", "setSetting", "pause"].includes(msg.action)) saveSoon();
      if (msg.action !== "query") sendTo(ws, { type: "response", rid: msg.rid, result });
    } catch (err) {
      if (!(err instanceof PermissionError)) console.error(`[harness] ${msg.action} failed: ${err.message}`);
      sendTo(ws, { type: "response", rid: msg.rid, error: err.message });
    }
  });

  ws.on("close", () => {
    connections.delete(ws);
    for (const id of [...settling.keys()]) settleAnswered(id, ws);
    for (const [id, q] of queries) {
      if (q.target === ws) {
        queries.delete(id);
        sendTo(q.from, { type: "response", rid: q.rid, error: `User ${user.name} disconnected before answering` });
      }
    }
    if (!activeUsers().includes(userId)) broadcast({ type: "userActivity", userId, active: false });
  });
  return undefined;
});

// A port already taken (another preview still running, say) is said in one line, not an EADDRINUSE stack.
// (ws re-emits the http server's errors on the WebSocketServer, so both listen.)
function onListenError(err) {
  const e = /** @type {NodeJS.ErrnoException} */ (err);
  if (e.code === "EADDRINUSE" || e.code === "EACCES") {
    process.stderr.write(`${JSON.stringify({ error: e.code, port: Number(args.port), host: args.host })}\n`);
    process.exit(3);
  }
  throw err;
}
server.on("error", onListenError);
wss.on("error", onListenError);

// --exit-with-stdin 1 (the-smoke preview): stop when the parent's pipe closes, so the port is freed even if the
// parent is killed outright.
if (args["exit-with-stdin"] === "1") {
  process.stdin.on("end", () => process.kill(process.pid, "SIGTERM"));
  process.stdin.on("error", () => process.kill(process.pid, "SIGTERM"));
  process.stdin.resume();
}

server.listen(Number(args.port), args.host, () => {
  const { port } = server.address();
  process.stdout.write(`${JSON.stringify({ url: `http://${args.host}:${port}` })}\n`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    try {
      saveNow();
    } catch (err) {
      process.stderr.write(`[harness] could not save the world to ${worldFile}: ${err.message}\n`);
    }
    for (const ws of connections.keys()) ws.terminate();
    wss.close();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
