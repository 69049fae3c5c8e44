import { AttributeValue } from "../model/attributes.js";
import { Campaign } from "../model/campaign.js";

/** What a button or the message's body does when tapped. */
export interface MessageAction {
  type: "openURL" | "deepLink" | "close" | "pushPrimer";
  uri?: string;
  /** A custom event logged when the action runs: one message can trigger another. */
  logsEvent?: { name: string; attributes?: Record<string, AttributeValue> };
}

export interface MessageButton {
  id: string;
  text: string;
  textColor?: string;
  backgroundColor?: string;
  action?: MessageAction;
}

/** A message as the server describes it: its kind, texts, colours, buttons and media. */
export interface MessageContent {
  kind: string;
  title?: string;
  header?: string;
  body?: string;
  buttons?: MessageButton[];
  contentAction?: MessageAction;
  isDismissable?: boolean;
  showsOptOut?: boolean;
  [field: string]: unknown;
}

/** A message the SDK is showing: what a renderer draws. */
export interface DisplayedMessage {
  campaignID: string;
  campaignName: string;
  /** Whether it is a test campaign (shown to the app's testers only). */
  isTest: boolean;
  content: MessageContent;
}

/** How a display ended. */
export type Resolution =
  | { type: "buttonClick"; buttonID: string }
  | { type: "contentClick" }
  | { type: "dismissed" }
  /** Taken down before the user answered it (the page closed it, or the user changed). */
  | { type: "interrupted" };

/** The message of `campaign` as a renderer gets it. */
export function displayedMessage(campaign: Campaign): DisplayedMessage {
  return { campaignID: campaign.id, campaignName: campaign.name, isTest: campaign.isTest === true, content: campaign.message as MessageContent };
}

/** The protocol's impression types for a display that ended with `resolution`. */
export function impressionTypes(content: MessageContent, resolution: Resolution, optedOut: boolean): number[] {
  const types = [1];
  switch (resolution.type) {
    case "buttonClick":
      types.push((content.buttons ?? []).findIndex((button) => button.id === resolution.buttonID) === 1 ? 3 : 2);
      break;
    case "contentClick": types.push(5); break;
    case "dismissed": types.push(4); break;
    case "interrupted": break;
  }
  if (optedOut) types.push(6);
  return types;
}
