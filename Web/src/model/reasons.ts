/**
 * Why a ready campaign did not show: the codes the debug session, the trigger tester and the
 * client contract share (`contract/display.json`).
 */
export type DebugReason =
  | "impressionsUsedUp" | "frequencyCap" | "displayInterval" | "contextRefused" | "optedOut" | "reEligibility"
  | "noPresenter" | "queueBusy" | "paused" | "outsideDates" | "notInRollout" | "notPermitted" | "heldBack" | "discardedByApp";
