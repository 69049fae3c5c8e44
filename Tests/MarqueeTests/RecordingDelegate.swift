@testable import Marquee
import MarqueeModel

/// A delegate that records how each display ended.
@MainActor
final class RecordingDelegate: MarqueeDelegate {
    struct Ending: Hashable {
        var id: String
        var resolution: DisplayResolution
    }

    private(set) var endings: [Ending] = []

    func marquee(didFinish message: InAppMessage, with resolution: DisplayResolution) {
        endings.append(Ending(id: message.id, resolution: resolution))
    }
}
