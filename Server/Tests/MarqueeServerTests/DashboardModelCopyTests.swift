import Foundation
@testable import MarqueeServer
import MarqueeModel
import Testing

/// The dashboard keeps no hand copy of the model: its scripts and page name no list of a model
/// enum's values, and its forms' defaults are the model's decoders' (`GET /api/v1/model`).
@Suite("Dashboard model: one truth")
struct DashboardModelCopyTests {
    static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/MarqueeServer/Dashboard/Web")

    /// Every list of values the model endpoint describes, by name.
    static var modelLists: [String: Set<String>] {
        let model = DashboardModelResource.current
        var lists = model.lists.mapValues { Set($0.map(\.id)) }
        lists["messageKinds"] = Set(model.messageKinds.map(\.id))
        lists["surveyQuestionKinds"] = Set(model.surveyQuestionKinds.map(\.id))
        lists["attributeTypes"] = Set(model.attributeTypes.map(\.id))
        lists["conditionOperators"] = Set(model.conditionOperators.map(\.id))
        lists["segmentOperators"] = Set(model.segmentOperators.map(\.id))
        lists["appFacts"] = Set(model.appFacts.map(\.id))
        lists["roles"] = Set(model.roles.map(\.id))
        lists["eventTypes"] = Set(model.eventTypes.map(\.id))
        return lists.filter { $0.value.count >= 2 }
    }

    /// The hand copies in `text`: a page's select with two or more options of one model list; a
    /// script's array of two or more values of one model list (`["ios", "android"]`); or two or
    /// more `[value, label]` pairs whose values are one model list's (`[["top", "Top"], ["bottom", "Bottom"]]`).
    static func handCopies(in text: String, lists: [String: Set<String>]) -> [String] {
        var found: [String] = []
        for select in text.matches(of: /<select[^>]*>(?s:.*?)<\/select>/) {
            let values = Set(select.output.matches(of: /<option value="([^"]+)"/).map { String($0.1) })
            for (name, list) in lists where values.intersection(list).count >= 2 {
                found.append("a select's options copy \(name)")
            }
        }
        let strings = /"([^"\n]*)"/
        for array in text.matches(of: /\[\s*"[^"\n]*"(?:\s*,\s*"[^"\n]*")+\s*\]/) {
            let values = Set(array.output.matches(of: strings).map { String($0.1) })
            for (name, list) in lists where values.intersection(list).count >= 2 {
                found.append("\(array.output) copies \(name)")
            }
        }
        // A [value, label] pair, the shape selects take; a label is words, not an element's id.
        var pairs: [String: [String]] = [:]
        for pair in text.matches(of: /\[\s*"([^"\n]+)"\s*,\s*"([^"\n]*)"\s*\]/) where !String(pair.2).contains(/^[a-z]+(-[a-z0-9]+)+$/) {
            for (name, list) in lists where list.contains(String(pair.1)) { pairs[name, default: []].append(String(pair.1)) }
        }
        for (name, values) in pairs where Set(values).count >= 2 {
            found.append("[value, label] pairs \(values) copy \(name)")
        }
        return found
    }

    @Test func theScanFindsTheHandCopiesTheDashboardHad() {
        let lists = Self.modelLists
        #expect(!Self.handCopies(in: #"[["leading", "Leading"], ["center", "Center"], ["trailing", "Trailing"]]"#, lists: lists).isEmpty)
        #expect(!Self.handCopies(in: #"const platforms = ["ios", "android"];"#, lists: lists).isEmpty)
        #expect(!Self.handCopies(in: #"<select id="s"><option value="draft">Draft</option><option value="active">Active</option></select>"#, lists: lists).isEmpty)
        #expect(!Self.handCopies(in: #"["withinLastDays", "moreThanDaysAgo"].includes(op)"#, lists: lists).isEmpty)
        #expect(Self.handCopies(in: #"[["platform", "tester-platform"], ["locale", "tester-locale"]]"#, lists: lists).isEmpty)
    }

    @Test func noScriptOrPageOfTheDashboardCopiesAListOfTheModel() throws {
        let lists = Self.modelLists
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.web.path)
            .filter { $0.hasSuffix(".js") || $0.hasSuffix(".html") }
        #expect(files.count >= 10)
        for file in files {
            let text = try String(contentsOf: Self.web.appendingPathComponent(file), encoding: .utf8)
            #expect(Self.handCopies(in: text, lists: lists).isEmpty, "\(file): \(Self.handCopies(in: text, lists: lists))")
        }
    }

    @Test func theDefaultsAreWhatTheServerStoresForAnEmptyField() throws {
        guard case .object(let campaign) = DashboardDefaults.campaign, case .object(let message)? = campaign["message"] else {
            Issue.record("the defaults are a campaign")
            return
        }
        #expect(message["textAlignment"] == .string(TextAlignment.standard.rawValue))
        #expect(message["slideFrom"] == .string(SlideEdge.standard.rawValue))
        if case .object(let banner)? = message["banner"] {
            #expect(banner["placement"] == .string(BannerSettings().placement.rawValue))
        } else {
            Issue.record("the banner's defaults are described")
        }
        if case .object(let tooltip)? = message["tooltip"] {
            #expect(tooltip["position"] == .string(TooltipPosition.standard.rawValue))
        } else {
            Issue.record("the tooltip's defaults are described")
        }
        #expect(campaign["channel"] == .string(CampaignChannel.standard.rawValue))
    }
}
