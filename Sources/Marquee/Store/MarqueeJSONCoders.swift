import Foundation
import MarqueeModel

/// The SDK's shared JSON coders (Marquee's ISO 8601 dates).
enum MarqueeJSONCoders {
    static var encoder: JSONEncoder { MarqueeJSON.encoder() }
    static var decoder: JSONDecoder { MarqueeJSON.decoder() }
}
