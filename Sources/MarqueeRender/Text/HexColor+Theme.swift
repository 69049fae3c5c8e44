import Foundation
import MarqueeModel

extension HexColor {
    /// Perceived brightness in 0...1 (ITU-R BT.601 weights), ignoring alpha.
    var brightness: Double {
        let (red, green, blue, _) = components
        return (0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue)) / 255
    }

    /// Relative luminance in 0...1 (WCAG 2), ignoring alpha.
    var relativeLuminance: Double {
        let (red, green, blue, _) = components
        func linear(_ channel: Double) -> Double {
            let value = channel / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(Double(red)) + 0.7152 * linear(Double(green)) + 0.0722 * linear(Double(blue))
    }

    /// The WCAG contrast ratio of this colour against `other`, in 1...21, ignoring alpha.
    func contrastRatio(with other: HexColor) -> Double {
        let (lighter, darker) = (max(relativeLuminance, other.relativeLuminance), min(relativeLuminance, other.relativeLuminance))
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// How far the colour is from grey, in 0...1.
    var chroma: Double {
        let (red, green, blue, _) = components
        return Double(max(red, green, blue) - min(red, green, blue)) / 255
    }

    /// A near-white or light grey: what a light-themed surface uses.
    var isLightNeutral: Bool { brightness >= 0.85 && chroma <= 0.12 }

    /// A near-black or dark grey: what light-themed text uses.
    var isDarkNeutral: Bool { brightness <= 0.25 && chroma <= 0.12 }

    /// `replacement` with this colour's alpha channel, so translucency survives theme changes.
    func keepingAlpha(of replacement: HexColor) -> HexColor {
        guard hex.count == 9 else { return replacement }
        return HexColor(replacement.opaqueHex + hex.suffix(2)) ?? replacement
    }
}
