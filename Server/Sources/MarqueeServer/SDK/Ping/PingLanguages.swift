import Fluent
import MarqueeModel
import Vapor

/// The languages a ping's campaigns are sent in, most specific first; none sends the default
/// language (and, to an older Marquee client, every translation). Read only when a campaign of
/// the snapshot is translated.
enum PingLanguages {
    static func of(_ asker: PingAsker, on db: any Database) async throws -> [String] {
        guard asker.snapshot.hasTranslations else { return [] }
        // A Marquee client names the language it shows messages in.
        if asker.isExtended { return asker.body.marqueeLanguage.map(LanguageTag.fallbacks(for:)) ?? [] }
        // A base client: the ping's locale, else the one its device last reported with its
        // configuration (RInAppMessaging clients name it there).
        if let locale = asker.body.locale { return LanguageTag.fallbacks(for: locale) }
        guard let deviceID = asker.caller.deviceID,
              let locale = try await DeviceLocaleStore(database: db).locale(appID: asker.app.id, deviceID: deviceID) else { return [] }
        return LanguageTag.fallbacks(for: locale)
    }
}
