import Foundation
import MarqueeRender
import Testing

/// The App Inbox's words come in the user's language, and an app's own strings replace single
/// words without breaking the counts.
struct InboxLabelsTests {
    @Test func theUsersLanguageIsChosenWithEnglishAsTheLastResort() {
        let table = InboxLabels.builtIn
        #expect(table.value(for: ["de-CH"], fallback: InboxLabels()).retry == "Erneut versuchen")
        #expect(table.value(for: ["es", "fr-CA"], fallback: InboxLabels()).title == "Boîte de réception")
        #expect(table.value(for: ["ja_JP"], fallback: InboxLabels()).empty == "メッセージはまだありません。")
        #expect(table.value(for: ["es"], fallback: InboxLabels()) == InboxLabels())
    }

    @Test func everyBuiltInLanguageNamesEveryWordAndFormatsCounts() {
        for language in InboxLabels.builtIn.languages {
            let labels = InboxLabels.builtIn.value(for: [language], fallback: InboxLabels())
            for (key, word) in InboxLabels.stringsKeys {
                #expect(!labels[keyPath: word].isEmpty, "\(language): \(key)")
            }
            #expect(String(format: labels.unreadCount, 3).contains("3"), "\(language)")
            #expect(labels.relativeTime(of: Date(timeIntervalSince1970: 0), now: Date(timeIntervalSince1970: 7_200)).contains("2"), "\(language)")
        }
    }

    @Test func anAppsStringsReplaceSingleWords() {
        let strings = ["MarqueeInbox.title": "Messages", "MarqueeInbox.retry": "Reload", "MarqueeInbox.empty": "  ",
                       "MarqueeInbox.unreadCount": "%d new", "MarqueeInbox.hoursAgo": "%@ hours", "MarqueeInbox.daysAgo": "%d of %d days"]
        let labels = InboxLabels.german.overriding { strings[$0] }
        #expect(labels.title == "Messages" && labels.retry == "Reload")
        #expect(labels.empty == InboxLabels.german.empty, "a blank word is ignored")
        #expect(labels.unreadCount == "%d new")
        #expect(labels.hoursAgo == InboxLabels.german.hoursAgo, "a count's text must take exactly one number")
        #expect(labels.daysAgo == InboxLabels.german.daysAgo)
        #expect(labels.close == InboxLabels.german.close, "words the app did not set stay")
    }
}
