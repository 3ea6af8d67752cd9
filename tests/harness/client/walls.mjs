/**
 * Walls (TEST DOUBLE of the Foundry VTT v13 slice): the Wall document embedded in a Scene (`scene.walls`), data only —
 * no vision, lighting or sound, and the canvas draws nothing. Its coordinates `c` are [x0, y0, x1, y1] in pixels;
 * `move` is CONST.WALL_MOVEMENT_TYPES (NONE 0, NORMAL 20); a door (`door` 1 or 2) whose `ds` is OPEN (1) does not
 * block movement (v13 Wall semantics). Token movement is not constrained by walls here (v13's
 * `Token#findMovementPath` with walls is not reproduced); the system's sat nav reads them. Only a GM may create,
 * update or delete walls (v13 BaseWall), which the server enforces.
 */
import { ArrayField, NumberField, ObjectField, DocumentIdField } from "./data.mjs";
import { ClientDocument } from "./documents.mjs";

export class WallDocument extends ClientDocument {
  static metadata = Object.freeze({ name: "Wall", collection: "walls", label: "DOCUMENT.Wall", embedded: {},
    hasTypeData: false, isEmbedded: true });

  static defineSchema() {
    const sense = () => new NumberField({ required: true, integer: true, initial: 20, choices: [0, 10, 20, 30, 40] });
    return {
      _id: new DocumentIdField(),
      c: new ArrayField(new NumberField({ required: true, nullable: false })),
      move: new NumberField({ required: true, integer: true, initial: 20, choices: [0, 20] }),
      sight: sense(),
      light: sense(),
      sound: sense(),
      dir: new NumberField({ required: true, integer: true, initial: 0, choices: [0, 1, 2] }),
      door: new NumberField({ required: true, integer: true, initial: 0, choices: [0, 1, 2] }),
      ds: new NumberField({ required: true, integer: true, initial: 0, choices: [0, 1, 2] }),
      flags: new ObjectField()
    };
  }

  /** Whether the wall stops a token moving through it (a movement wall that is not an open door). */
  get blocksMovement() {
    return this.move !== 0 && !(this.door > 0 && this.ds === 1);
  }
}
