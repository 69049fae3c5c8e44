import Foundation

extension InboxLabels {
    /// English, German, French and Japanese.
    public static let builtIn: LanguageTable<InboxLabels> = {
        var table = LanguageTable<InboxLabels>()
        table["en"] = InboxLabels()
        table["de"] = .german
        table["fr"] = .french
        table["ja"] = .japanese
        return table
    }()

    /// German.
    public static let german = InboxLabels(
        title: "Postfach", empty: "Noch keine Nachrichten.", emptyDetail: "Nachrichten für Sie erscheinen hier.",
        loading: "Wird geladen …", failed: "Ihre Nachrichten konnten nicht geladen werden.",
        failedDetail: "Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.", retry: "Erneut versuchen",
        unreadCount: "%d ungelesen", unreadDescription: "Ungelesen", justNow: "gerade eben", minutesAgo: "vor %d Min.",
        hoursAgo: "vor %d Std.", daysAgo: "vor %d T.", missing: "Diese Nachricht ist nicht mehr verfügbar.",
        close: "Schließen", mainAction: "Mehr erfahren")

    /// French.
    public static let french = InboxLabels(
        title: "Boîte de réception", empty: "Aucun message pour l'instant.", emptyDetail: "Vos messages apparaîtront ici.",
        loading: "Chargement…", failed: "Vos messages n'ont pas pu être chargés.",
        failedDetail: "Vérifiez votre connexion, puis réessayez.", retry: "Réessayer",
        unreadCount: "%d non lus", unreadDescription: "Non lu", justNow: "à l'instant", minutesAgo: "il y a %d min",
        hoursAgo: "il y a %d h", daysAgo: "il y a %d j", missing: "Ce message n'est plus disponible.",
        close: "Fermer", mainAction: "En savoir plus")

    /// Japanese.
    public static let japanese = InboxLabels(
        title: "受信トレイ", empty: "メッセージはまだありません。", emptyDetail: "あなたへのメッセージがここに表示されます。",
        loading: "読み込み中…", failed: "メッセージを読み込めませんでした。",
        failedDetail: "接続を確認して、もう一度お試しください。", retry: "再試行",
        unreadCount: "未読 %d 件", unreadDescription: "未読", justNow: "たった今", minutesAgo: "%d分前",
        hoursAgo: "%d時間前", daysAgo: "%d日前", missing: "このメッセージは利用できなくなりました。",
        close: "閉じる", mainAction: "詳しく見る")
}

extension InboxLabels: AppLocalizableWords {
    /// The keys an app's `Localizable.strings` may set, each replacing one word in every language
    /// (`"MarqueeInbox.title" = "Messages";`).
    public static var stringsKeys: [(key: String, word: WritableKeyPath<InboxLabels, String>)] {
        [
            ("MarqueeInbox.title", \.title), ("MarqueeInbox.empty", \.empty), ("MarqueeInbox.emptyDetail", \.emptyDetail),
            ("MarqueeInbox.loading", \.loading), ("MarqueeInbox.failed", \.failed), ("MarqueeInbox.failedDetail", \.failedDetail),
            ("MarqueeInbox.retry", \.retry), ("MarqueeInbox.unreadCount", \.unreadCount),
            ("MarqueeInbox.unreadDescription", \.unreadDescription), ("MarqueeInbox.justNow", \.justNow),
            ("MarqueeInbox.minutesAgo", \.minutesAgo), ("MarqueeInbox.hoursAgo", \.hoursAgo), ("MarqueeInbox.daysAgo", \.daysAgo),
            ("MarqueeInbox.missing", \.missing), ("MarqueeInbox.close", \.close), ("MarqueeInbox.mainAction", \.mainAction),
        ]
    }

    /// A count's text is a format, which must take exactly one number (`%d`; `%%` is a percent sign).
    public static func accepts(_ text: String, replacing current: String, at word: WritableKeyPath<InboxLabels, String>) -> Bool {
        guard current.contains("%d") else { return true }
        let formats = text.replacingOccurrences(of: "%%", with: "").components(separatedBy: "%").dropFirst()
        return formats.count == 1 && formats.allSatisfy { $0.hasPrefix("d") }
    }
}
