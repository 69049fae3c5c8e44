import { Experiment } from "./campaign.js";
import { UserIdentity } from "./identity.js";

const mask64 = (1n << 64n) - 1n;
const utf8 = new TextEncoder();

/** 64-bit FNV-1a of the text's UTF-8: the same in every SDK, process and server instance. */
export function fnv1a64(text: string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (const byte of utf8.encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & mask64;
  }
  return hash;
}

/** FNV-1a through the SplitMix64 finalizer: every bit depends on every byte. What experiments draw from. */
export function mixed64(text: string): bigint {
  let z = fnv1a64(text);
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask64;
  return z ^ (z >> 31n);
}

/** A stable place in 0..<100 for percentage rollouts. */
export function percentile(text: string): number {
  return Number(fnv1a64(text) % 100n);
}

/**
 * Who an experiment assigns: `user:<user ID>`, else `tracking:<ID-tracking identifier>`, else
 * `device:<device ID>`, else `anonymous`; an empty text counts as absent.
 */
export function experimentUnit(identity: UserIdentity, deviceID: string | undefined): string {
  if (identity.userID !== undefined) return `user:${identity.userID}`;
  if (identity.idTrackingIdentifier !== undefined) return `tracking:${identity.idTrackingIdentifier}`;
  if (deviceID !== undefined && deviceID !== "") return `device:${deviceID}`;
  return "anonymous";
}

/** Slots of the control draw: control shares are exact to a hundredth of a percent. */
export const controlSlots = 10_000n;

/** The id the control group goes by on the wire and in analytics. */
export const controlArm = "control";

/** The arm a campaign without variants shows: its own message. */
export const defaultArm = "default";

/** The control draw and the variant draw of `unit` in the campaign `campaignID`. */
export function experimentDraws(campaignID: string, unit: string, experiment: Experiment): { controlSlot: number; variantPoint: number } {
  const total = arms(experiment).reduce((sum, arm) => sum + Math.max(0, arm.weight), 0);
  return {
    controlSlot: Number(mixed64(`control|${campaignID}|${unit}`) % controlSlots),
    variantPoint: total > 0 ? Number(mixed64(`variant|${campaignID}|${unit}`) % BigInt(total)) : 0,
  };
}

/**
 * The arm of `unit` in the experiment of `campaignID`: two independent hashes decide, so a
 * change of the control share moves users only into or out of the control group.
 */
export function experimentArm(campaignID: string, unit: string, experiment: Experiment): string {
  const controlShare = Math.max(0, Math.round((experiment.controlPercent ?? 0) * 100));
  const { controlSlot, variantPoint } = experimentDraws(campaignID, unit, experiment);
  if (controlShare > 0 && controlSlot < controlShare) return controlArm;
  const variants = arms(experiment);
  let point = variantPoint;
  for (const arm of variants) {
    const weight = Math.max(0, arm.weight);
    if (point < weight) return arm.id;
    point -= weight;
  }
  return variants[variants.length - 1]!.id;
}

/** The variants users are spread over: the listed ones, or the campaign's own message alone. */
function arms(experiment: Experiment): { id: string; weight: number }[] {
  const variants = experiment.variants ?? [];
  return variants.length > 0 ? variants : [{ id: defaultArm, weight: 1 }];
}
