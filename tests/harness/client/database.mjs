/**
 * The harness's client database backend and socket (TEST DOUBLE for Foundry's ClientDatabaseBackend and
 * SocketInterface). A write runs the client-side steps of v13 (clean and validate, _preCreate/_preUpdate/_preDelete,
 * preCreate/preUpdate/preDelete hooks, diff of updates) and sends the request; the server checks the permission of
 * THIS connection's user and broadcasts the result, which every client (the requester included) applies before the
 * requester's promise resolves. A refused write rejects and shows an error notification.
 */
import Hooks from "./hooks.mjs";
import { deepClone, diffObject, expandObject, isEmpty, mergeObject } from "./utils.mjs";
import { getDocumentClass } from "./documents.mjs";
import { applyDeltaEmbedded, DELTA_EMBEDDED } from "./actor-delta.mjs";

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

  /** TEST ONLY (server.mjs POST /harness/settle): this client has handled every frame before settle frame `id`. */
  settled(id) {
    this.#send({ type: "settled", id });
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
      case "pullToScene": // v13: a GM pulled this client to a scene (Scene#pullUsers)
        globalThis.game?.scenes?.get(msg.sceneId)?.view();
        return;
      case "regionEvent": // v13: another client's RegionDocument#_triggerEvent
        getDocumentClass("Region")._onSocketEvent(msg.payload).catch(err => console.error(err));
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

/**
 * Options that travel to the server and back to every client's hooks (JSON-safe, no parent or pack).
 * `_movementArguments` (v13 TokenDocument#move's result holder) stays the caller's object; it never travels.
 */
function wireOptions({ parent, pack, _movementArguments, ...options }) {
  const wire = JSON.parse(JSON.stringify(options));
  if (_movementArguments) wire._movementArguments = _movementArguments;
  return wire;
}

/** The TokenDocument a document descends from (a synthetic actor's token), if any. */
function tokenAncestor(doc) {
  while (doc) {
    if (doc.documentName === "Token") return doc;
    doc = doc.parent;
  }
  return null;
}

/**
 * v13 ClientDatabaseBackend#adjustActorDeltaRequest: an update of a synthetic actor (parent: its TokenDocument) is
 * sent as an update of the token's ActorDelta; an operation on a synthetic actor's Items/ActiveEffects is sent with
 * the delta as parent (`Scene.<s>.Token.<t>.ActorDelta.<t>`).
 */
function routeRequest(documentName, parent, payload) {
  if (!parent) return { documentName, parentUuid: null };
  if ((documentName === "Actor") && (parent.documentName === "Token")) {
    if (payload.updates) payload.updates = payload.updates.map(u => ({ ...u, _id: parent.delta.id }));
    else throw new Error("The harness supports only updates of a synthetic (token) actor");
    return { documentName: "ActorDelta", parentUuid: parent.uuid, syntheticActorUpdate: true };
  }
  const token = tokenAncestor(parent);
  if (token && (parent !== token)) {
    const rest = parent.uuid.slice(token.uuid.length).split(".").filter(Boolean).slice(2); // drop "Actor.<id>"
    if (rest.length) throw new Error("The harness does not support documents nested below a synthetic actor's Items");
    return { documentName, parentUuid: token.delta.uuid };
  }
  return { documentName, parentUuid: parent.uuid };
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
      const route = routeRequest(documentName, parent, payload);
      return await this.socket.request("modifyDocument", { documentName: route.documentName, operation,
        parentUuid: route.parentUuid, ...payload });
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
    // v13 order for Tokens (ClientDatabaseBackend#preUpdateDocumentArray): _preUpdate and the hook see the requested
    // changes, then the diff (unless options.diff is false, as a movement makes it); other documents: diff first.
    const preUpdateFirst = cls.documentName === "Token";
    for (const u of updates) {
      const doc = collection.get(u._id, { strict: true });
      let changes = expandObject(deepClone(u));
      delete changes._id;
      doc.validate({ changes, clean: true, strict: true });
      if (!preUpdateFirst) {
        if (diff) changes = diffObject(doc._source, changes, { deletionKeys: true });
        if (isEmpty(changes)) continue;
      }
      if ((await doc._preUpdate(changes, options, user)) === false) continue;
      if (!options.noHook && (Hooks.call(`preUpdate${cls.documentName}`, doc, changes, options, user.id) === false)) continue;
      if (preUpdateFirst) {
        if (diff && (options.diff !== false)) changes = diffObject(doc._source, changes, { deletionKeys: true });
        if (isEmpty(changes)) continue;
      }
      toUpdate.push({ ...changes, _id: doc.id });
    }
    if (preUpdateFirst) {
      // v13 TokenDocument#preUpdateOperationMovement: the movement instructions do not travel, `_movement` does
      delete options.movement;
      delete options._movementArguments;
      if (options._movement && isEmpty(options._movement)) delete options._movement;
    }
    if (!toUpdate.length) return [];
    const result = await this.#send(cls.documentName, "update", { updates: toUpdate, options: JSON.parse(JSON.stringify(options)) }, parent);
    // v13 #adjustActorDeltaResponse: a synthetic actor's update resolves with the synthetic actor
    if ((cls.documentName === "Actor") && (parent?.documentName === "Token")) return parent.actor ? [parent.actor] : [];
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
    if (documentName === "ActorDelta") return this.#applyActorDelta(parent, { operation, result, options, userId });
    if (parent?.documentName === "ActorDelta") {
      return this.#applyDeltaEmbedded(parent, { documentName, operation, result, options, userId });
    }
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
    if ((operation === "update") && touched.length) {
      cls._onUpdateOperation?.(touched.map(t => t[0]), options, globalThis.game.users.get(userId) ?? null);
    }
    if ((operation === "delete") && touched.length) {
      cls._onDeleteOperation?.(touched.map(t => t[0]), { ...options, parent }, globalThis.game.users.get(userId) ?? null);
    }
    const rootName = root?.documentName ?? documentName;
    if (rootName === "Actor") {
      // v13 Actor → dependent tokens: an unlinked token's synthetic actor follows its base actor
      const ids = new Set(root ? [root.id] : touched.map(t => t[0].id));
      for (const scene of globalThis.game.scenes ?? []) {
        for (const token of scene.tokens) if (!token.actorLink && ids.has(token.actorId)) token._onUpdateBaseActor();
      }
    }
    globalThis.ui.sidebar?.onDocumentChange(rootName);
    if (rootName === "Combat") globalThis.ui.combat?.render();
    return undefined;
  }

  /**
   * An ActorDelta update (a synthetic actor's update) on every client: merged into the token's delta source, the
   * synthetic actor rebuilt in place, then v13 ActorDelta#_onUpdate (the synthetic actor's `_onUpdate` and the
   * `updateActor` hook) and `updateActorDelta`.
   */
  #applyActorDelta(token, { operation, result, options, userId }) {
    if ((operation !== "update") || !token?.delta) return undefined;
    const delta = token.delta;
    for (const change of result) {
      const { _id, ...changed } = change;
      mergeObject(delta._source, deepClone(changed), { performDeletions: true });
      delta._initialize({ prepare: false });
      delta.updateSyntheticActor();
      delta._onUpdate(change, options, userId);
      if (!options.noHook) Hooks.callAll("updateActorDelta", delta, change, options, userId);
    }
    token._onRelatedUpdate(result, options);
    globalThis.ui.sidebar?.onDocumentChange("Actor");
    return undefined;
  }

  /**
   * Items / ActiveEffects of a synthetic actor on every client: applied to the delta source as the server did
   * (EmbeddedCollectionDelta), the synthetic actor rebuilt, then the documents' `_on…`, the `create/update/delete<Doc>`
   * hooks and the synthetic actor's `_on…DescendantDocuments` (v13 ActorDelta#_dispatchDescendantDocumentEvents).
   */
  #applyDeltaEmbedded(delta, { documentName, operation, result, options, userId }) {
    const token = delta.parent;
    const actor = delta.syntheticActor;
    const key = DELTA_EMBEDDED[documentName];
    if (!actor || !key) return undefined;
    const before = operation === "delete" ? result.map(id => actor[key].get(id)).filter(Boolean) : [];
    applyDeltaEmbedded(delta._source, token.baseActor?._source ?? null, key, operation, deepClone(result));
    delta._initialize({ prepare: false });
    delta.updateSyntheticActor();
    const hook = name => !options.noHook && name;
    if (operation === "create") {
      const docs = result.map(src => actor[key].get(src._id)).filter(Boolean);
      for (const doc of docs) {
        doc._onCreate(doc._source, options, userId);
        if (hook(true)) Hooks.callAll(`create${documentName}`, doc, options, userId);
      }
      actor._onCreateDescendantDocuments(actor, key, docs, result, options, userId);
    } else if (operation === "update") {
      const docs = [];
      for (const change of result) {
        const doc = actor[key].get(change._id);
        if (!doc) continue;
        docs.push(doc);
        doc._onUpdate(change, options, userId);
        if (hook(true)) Hooks.callAll(`update${documentName}`, doc, change, options, userId);
      }
      actor._onUpdateDescendantDocuments(actor, key, docs, result, options, userId);
    } else if (operation === "delete") {
      for (const doc of before) {
        doc._onDelete(options, userId);
        if (hook(true)) Hooks.callAll(`delete${documentName}`, doc, options, userId);
      }
      actor._onDeleteDescendantDocuments(actor, key, before, result, options, userId);
    }
    token._onRelatedUpdate(result, options);
    globalThis.ui.sidebar?.onDocumentChange("Actor");
    return undefined;
  }
}

function topLevel(doc) {
  while (doc.parent) doc = doc.parent;
  return doc;
}
