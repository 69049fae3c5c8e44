import Foundation

extension Bundle {
    /// The text this bundle's `Localizable.strings` holds for `key`, in the app's language;
    /// `nil` when no table has it.
    func appString(_ key: String) -> String? {
        // A key no table holds comes back as the value given here, which no table would hold.
        let missing = "\u{0}"
        let text = localizedString(forKey: key, value: missing, table: nil)
        return text == missing ? nil : text
    }
}
