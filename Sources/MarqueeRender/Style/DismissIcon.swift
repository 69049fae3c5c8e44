/// What the close control of a message shows. Its accessible label is always
/// ``RenderStrings/close``, whatever it shows.
public enum DismissIcon: Sendable, Hashable {
    /// A thin multiplication sign, Marquee's default.
    case cross
    /// A heavier cross, easier to see on busy images.
    case boldCross
    /// The word ``RenderStrings/close`` in the user's language, for apps that prefer a text
    /// button; at most 112 points wide (a longer word is cut with an ellipsis).
    case label
    /// An image at an absolute `https` or `http` URL, drawn at 24 points; an unusable URL shows
    /// ``cross`` instead (and ``StyleDefaults/problems`` says why).
    case image(url: String)
}
