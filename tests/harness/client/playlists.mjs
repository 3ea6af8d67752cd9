/**
 * Playlists and their sounds (TEST DOUBLE of the Foundry VTT v13 slice): the Playlist document (name, mode, playing,
 * sounds, ownership, flags) with embedded PlaylistSound documents (name, path, volume, repeat, playing, flags), and
 * `game.playlists`. Only the data: the stand-in plays no audio through them (core's world-wide playback, where every
 * client plays a playing sound, is not reproduced). Permissions are the server's (world.mjs): a GM creates, updates
 * and deletes; a player with OWNER of a playlist may update it and its sounds (v12+ playlist ownership).
 */
import { BooleanField, DocumentIdField, NumberField, ObjectField, StringField } from "./data.mjs";
import { ClientDocument, EmbeddedCollectionField, WorldCollection } from "./documents.mjs";
import { PLAYLIST_MODES } from "./constants.mjs";

export class Playlist extends ClientDocument {
  static metadata = Object.freeze({ name: "Playlist", collection: "playlists", label: "DOCUMENT.Playlist",
    embedded: { PlaylistSound: "sounds" }, hasTypeData: false });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      description: new StringField({ blank: true }),
      sounds: new EmbeddedCollectionField("PlaylistSound"),
      mode: new NumberField({ required: true, integer: true, initial: PLAYLIST_MODES.SEQUENTIAL,
        choices: Object.values(PLAYLIST_MODES) }),
      playing: new BooleanField(),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new ObjectField({ initial: { default: 0 } }),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }
}

export class PlaylistSound extends ClientDocument {
  static metadata = Object.freeze({ name: "PlaylistSound", collection: "sounds", label: "DOCUMENT.PlaylistSound",
    embedded: {}, hasTypeData: false, isEmbedded: true });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      description: new StringField({ blank: true }),
      path: new StringField({ blank: true }),
      channel: new StringField({ blank: true, initial: "music" }),
      playing: new BooleanField(),
      pausedTime: new NumberField({ nullable: true, initial: null }),
      repeat: new BooleanField(),
      volume: new NumberField({ required: true, nullable: false, min: 0, max: 1, initial: 0.5 }),
      fade: new NumberField({ nullable: true, integer: true, min: 0, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }
}

/** game.playlists (v13 Playlists). */
export class Playlists extends WorldCollection {
  static documentName = "Playlist";

  /** The playlists now playing. */
  get playing() {
    return this.filter(p => p.playing);
  }
}
