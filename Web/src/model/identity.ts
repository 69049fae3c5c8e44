/** Who the user is: the app's identifiers, empty texts meaning "not set". */
export interface UserIdentity {
  userID: string | undefined;
  idTrackingIdentifier: string | undefined;
}

/** What the app says about its user. */
export interface UserDetails {
  userID?: string | undefined;
  idTrackingIdentifier?: string | undefined;
  accessToken?: string | undefined;
  /** The user ID's HMAC-SHA256, hex, signed by the app's backend with the app's identity secret. */
  signature?: string | undefined;
}

/** What the SDK sends for the user: `undefined` for what it does not send. */
export interface UserInfo {
  identity: UserIdentity;
  accessToken: string | undefined;
  signature: string | undefined;
  /** Why something the app gave is not sent. */
  problem: string | undefined;
}

/** The longest user ID or ID-tracking identifier, in bytes of UTF-8: the server refuses longer. */
export const maxUserIDBytes = 256;

const utf8 = new TextEncoder();
const present = (text: string | undefined): string | undefined => (text === undefined || text === "" ? undefined : text);

/**
 * What the SDK sends for `details`: an identifier over the limit leaves the user anonymous (the
 * server would refuse every request naming it); an access token goes only with a user ID and no
 * ID-tracking identifier; a signature only with a user ID.
 */
export function userInfo(details: UserDetails | undefined): UserInfo {
  const identity: UserIdentity = { userID: present(details?.userID), idTrackingIdentifier: present(details?.idTrackingIdentifier) };
  const anonymous: UserIdentity = { userID: undefined, idTrackingIdentifier: undefined };
  for (const [name, value] of [["user ID", identity.userID], ["ID-tracking identifier", identity.idTrackingIdentifier]] as const) {
    if (value !== undefined && utf8.encode(value).length > maxUserIDBytes) {
      return { identity: anonymous, accessToken: undefined, signature: undefined, problem: `the ${name} is longer than ${maxUserIDBytes} bytes of UTF-8` };
    }
  }
  const signature = identity.userID !== undefined ? present(details?.signature) : undefined;
  const token = present(details?.accessToken);
  let problem: string | undefined;
  let accessToken: string | undefined;
  if (token !== undefined) {
    if (identity.userID === undefined) problem = "an access token needs a user ID";
    else if (identity.idTrackingIdentifier !== undefined) problem = "an access token cannot be used with an ID-tracking identifier";
    else accessToken = token;
  }
  return { identity, accessToken, signature, problem };
}
