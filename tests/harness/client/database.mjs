/**
 * The harness's client database backend and socket (TEST DOUBLE for Foundry's ClientDatabaseBackend and
 * SocketInterface). A write runs the client-side steps of v13 (clean and validate, _preCreate/_preUpdate/_preDelete,
 * preCreate/preUpdate/preDelete hooks, diff of updates) and sends the request; the server checks the permission of
 * THIS connection's user and broadcasts the result, which every client (the requester included) applies before the
 * requester's promise resolves. A refused write rejects and shows an error notification.
 */
import Hooks from "./hooks.mjs";
import { deepClone, diffObject, expandObject, isEmpty } from "./utils.mjs";
import { getDocumentClass } from "./documents.mjs";

export class HarnessSocket {
  #ws;
  #requests = new Map();
  #rid = 0;
  #listeners = new Map();
  onEvent = () => {};

  /** Open the connection as `userId`; resolves with the server's world snapshot. */
  connect(userId) {
    const url = new URL(`/ws?user=${encodeURIComponent(userId)}`, location.href);
    url.protocol = url.protocol.replace("http", "ws");
    this.#ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      this.#ws.addEventListener("error", () => reject(new Error(`Could not connect to the harness server as ${userId}`)), { once: true });
      this.#ws.addEventListener("close", event => {
        if (event.code === 4001) reject(new Error(event.reason || "Unknown user"));
      });
      this.#ws.addEventListener("message", event => {
        const msg = JSON.parse(event.data);
        if (msg.type === "world") resolve(msg);
        else this.#receive(msg);
      });
    });
  }

  #send(msg) {
    this.#ws.send(JSON.stringify(msg));
  }

  request(action, payload = {}) {
    const rid = ++this.#rid;
    return new Promise((resolve, reject) => {
      this.#requests.set(rid, { resolve, reject });
      this.#send({ type: "request", rid, action, ...payload });
    });
  }

  #receive(msg) {
    switch (msg.type) {
      case "response": {
        const pending = this.#requests.get(msg.rid);
        if (!pending) return;
        this.#requests.delete(msg.rid);
        if (msg.error) pending.reject(new Error(msg.error));
        else pending.resolve(msg.result);
        return;
      }
      case "socket":
        for (const fn of this.#listeners.get(msg.event) ?? []) {
          try {
            fn(...msg.args);
          } catch (err) {
            console.error(`game.socket listener for "${msg.event}" failed`, err);
          }
        }
        return;
      case "query":
        this.#answerQuery(msg);
        return;
      default:
        this.onEvent(msg);
    }
  }

  /* game.socket: relay to every other client (the sender does not receive its own emit). */
  on(event, fn) {
    if (!this.#listeners.has(event)) this.#listeners.set(event, []);
    this.#listeners.get(event).push(fn);
  }

  off(event, fn) {
    const list = this.#listeners.get(event) ?? [];
    const i = list.indexOf(fn);
    if (i >= 0) list.splice(i, 1);
  }

  emit(event, ...args) {
    const ack = typeof args.at(-1) === "function" ? args.pop() : null;
    this.request("emit", { event, args: JSON.parse(JSON.stringify(args)) }).then(() => ack?.(), err => console.error(err));
  }

  /* Queries (v13 User#query → CONFIG.queries on the target user's client). */
  async query(userId, name, data, { timeout } = {}) {
    const run = this.request("query", { userId, name, data: JSON.parse(JSON.stringify(data ?? null)) });
    if (!timeout) return run;
    return Promise.race([run, new Promise((_, reject) => setTimeout(() => reject(new Error(`Query "${name}" timed out`)), timeout))]);
  }

  async #answerQuery({ qid, name, data, timeout }) {
    let reply;
    try {
      const handler = globalThis.CONFIG.queries[name];
      if (!handler) throw new Error(`Query "${name}" is not registered on this client`);
      reply = { result: (await handler(data, { timeout })) ?? null };
    } catch (err) {
      reply = { error: err.message ?? String(err) };
    }
    this.#send({ type: "queryResult", qid, ...JSON.parse(JSON.stringify(reply)) });
  }
}

/** Options that travel to the server and back to every client's hooks (JSON-safe, no parent or pack). */
function wireOptions({ parent, pack, ...options }) {
  return JSON.parse(JSON.stringify(options));
}

function collectionFor(cls, parent) {
  if (parent) return parent.getEmbeddedCollection(cls.documentName);
  return globalThis.game.collections.get(cls.documentName);
}

export class Database {
  constructor(socket) {
    this.socket = socket;
    this.apps = null;
  }

  #refuseCompendium(pack) {
    if (pack) throw new Error(`Compendium ${pack} is locked: the harness serves system compendia read-only`);
  }

  async #send(documentName, operation, payload, parent) {
    try {
      return await this.socket.request("modifyDocument", { documentName, operation, parentUuid: parent?.uuid ?? null, ...payload });
    } catch (err) {
      globalThis.ui.notifications?.error(err.message);
      throw err;
    }
  }

  async create(cls, data = [], operation = {}) {
    const { parent = null, pack = null } = operation;
    this.#refuseCompendium(pack ?? parent?.pack);
    const options = wireOptions(operation);
    const user = globalThis.game.user;
    const toCreate = [];
    for (let d of data) {
      if (d instanceof foundry.abstract.DataModel) d = d.toObject();
      const createData = deepClone(d);
      const doc = new cls(deepClone(d), { parent, strict: true });
      if ((await doc._preCreate(createData, options, user)) === false) continue;
      if (!options.noHook && (Hooks.call(`preCreate${cls.documentName}`, doc, createData, options, user.id) === false)) continue;
      toCreate.push(doc.toObject());
    }
    if (!toCreate.length) return [];
    const result = await this.#send(cls.documentName, "create", { data: toCreate, options }, parent);
    const collection = collectionFor(cls, parent);
    return result.map(id => collection.get(id)).filter(Boolean);
  }

  async update(cls, updates = [], operation = {}) {
    const { parent = null, pack = null, diff = true } = operation;
    this.#refuseCompendium(pack ?? parent?.pack);
    const options = wireOptions(operation);
    const user = globalThis.game.user;
    const collection = collectionFor(cls, parent);
    const toUpdate = [];
    for (const u of updates) {
      const doc = collection.get(u._id, { strict: true });
      let changes = expandObject(deepClone(u));
      delete changes._id;
      doc.validate({ changes, clean: true, strict: true });
      if (diff) changes = diffObject(doc._source, changes, { deletionKeys: true });
      if (isEmpty(changes)) continue;
      if ((await doc._preUpdate(changes, options, user)) === false) continue;
      if (!options.noHook && (Hooks.call(`preUpdate${cls.documentName}`, doc, changes, options, user.id) === false)) continue;
      toUpdate.push({ ...changes, _id: doc.id });
    }
    if (!toUpdate.length) return [];
    const result = await this.#send(cls.documentName, "update", { updates: toUpdate, options }, parent);
    return result.map(id => collection.get(id)).filter(Boolean);
  }

  async delete(cls, ids = [], operation = {}) {
    const { parent = null, pack = null } = operation;
    this.#refuseCompendium(pack ?? parent?.pack);
    const options = wireOptions(operation);
    const user = globalThis.game.user;
    const collection = collectionFor(cls, parent);
    const toDelete = [];
    const docs = new Map();
    for (const id of ids) {
      const doc = collection.get(id, { strict: true });
      if ((await doc._preDelete(options, user)) === false) continue;
      if (!options.noHook && (Hooks.call(`preDelete${cls.documentName}`, doc, options, user.id) === false)) continue;
      toDelete.push(id);
      docs.set(id, doc);
    }
    if (!toDelete.length) return [];
    const result = await this.#send(cls.documentName, "delete", { ids: toDelete, options }, parent);
    return result.map(id => docs.get(id)).filter(Boolean);
  }

  /* -------------------------------------- Server broadcasts → local world ---------------------------------- */

  /**
   * Apply a {documentName, operation, parentUuid, result, options, userId} broadcast on this client: sources, then
   * each document's _onCreate/_onUpdate/_onDelete and create/update/delete hook (skipped with `noHook`), then the
   * top-level document's _on…DescendantDocuments. `options` are the requester's operation options, unchanged.
   */
  apply({ documentName, operation, parentUuid, result, options = {}, userId }) {
    if (documentName === "Setting") return globalThis.game.settings._applySettings(operation, result);
    const parent = parentUuid ? globalThis.fromUuidSync(parentUuid) : null;
    if (parentUuid && !parent) return undefined;
    const cls = getDocumentClass(documentName);
    const collection = parent ? parent.getEmbeddedCollection(documentName) : globalThis.game.collections.get(documentName);
    const key = parent?.constructor.metadata.embedded[documentName];
    const root = parent ? topLevel(parent) : null;
    const touched = [];
    if (operation === "create") {
      for (const source of result) {
        let doc;
        if (parent) {
          parent._source[key].push(source);
          doc = new cls(source, { parent, strict: false });
          collection.set(doc.id, doc);
        } else doc = collection._addFromSource(source);
        if (doc) touched.push([doc, source]);
      }
      root?.reset();
      for (const [doc, source] of touched) {
        doc._onCreate(source, options, userId);
        if (!options.noHook) Hooks.callAll(`create${documentName}`, doc, options, userId);
      }
      if (root && touched.length) {
        root._onCreateDescendantDocuments(parent, key, touched.map(t => t[0]), touched.map(t => t[1]), options, userId);
      }
    } else if (operation === "update") {
      for (const change of result) {
        const doc = collection.get(change._id);
        if (!doc) continue;
        const { _id, ...changed } = change;
        doc.updateSource(changed);
        touched.push([doc, change]);
      }
      root?.reset();
      for (const [doc, change] of touched) {
        doc._onUpdate(change, options, userId);
        if (!options.noHook) Hooks.callAll(`update${documentName}`, doc, change, options, userId);
      }
      if (root && touched.length) {
        root._onUpdateDescendantDocuments(parent, key, touched.map(t => t[0]), touched.map(t => t[1]), options, userId);
      }
    } else if (operation === "delete") {
      for (const id of result) {
        const doc = collection.get(id);
        if (!doc) continue;
        collection.delete(id);
        if (parent) {
          const arr = parent._source[key];
          const i = arr.findIndex(s => s._id === id);
          if (i >= 0) arr.splice(i, 1);
        }
        touched.push([doc]);
      }
      root?.reset();
      for (const [doc] of touched) {
        doc._onDelete(options, userId);
        if (!options.noHook) Hooks.callAll(`delete${documentName}`, doc, options, userId);
      }
      if (root && touched.length) {
        root._onDeleteDescendantDocuments(parent, key, touched.map(t => t[0]), touched.map(t => t[0].id), options, userId);
      }
    }
    globalThis.ui.sidebar?.onDocumentChange(root?.documentName ?? documentName);
    if ((root?.documentName ?? documentName) === "Combat") globalThis.ui.combat?.render();
    return undefined;
  }
}

function topLevel(doc) {
  while (doc.parent) doc = doc.parent;
  return doc;
}
