/** The version of this Marquee release: the web SDK, the Swift SDK and the server share it (a test keeps them in step). */
export const sdkVersion = "1.1.0";
