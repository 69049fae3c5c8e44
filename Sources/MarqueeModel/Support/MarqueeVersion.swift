/// The version of this Marquee release. The SDK and the server are released together under one
/// version: the SDK sends it as `sdkVersion`, `marquee --version` prints it, and `CHANGELOG.md`
/// describes it (a test keeps the three in step).
public enum MarqueeVersion {
    public static let current = "1.1.0"
}
