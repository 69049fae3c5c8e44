extension Message {
    /// The message in the language `locale` asks for (``LanguageTag/pick(from:for:)``): the
    /// fields of that translation over the message's own, which are the default language's. The
    /// result carries no translations, so it is what a client without them is sent.
    public func localized(to locale: String?) -> Message {
        var localized = self
        localized.translations = [:]
        guard let language = LanguageTag.pick(from: translations.keys, for: locale),
              let translation = translations[language] else { return localized }
        localized.header = translation.header ?? header
        localized.title = translation.title ?? title
        localized.body = translation.body ?? body
        for index in localized.buttons.indices {
            if let text = translation.buttons[localized.buttons[index].id] { localized.buttons[index].text = text }
        }
        if let altText = translation.imageAltText { localized.image?.altText = altText }
        for index in localized.pages.indices {
            guard let page = translation.pages[localized.pages[index].id] else { continue }
            localized.pages[index].title = page.title ?? localized.pages[index].title
            localized.pages[index].body = page.body ?? localized.pages[index].body
            for button in localized.pages[index].buttons.indices {
                if let text = page.buttons[localized.pages[index].buttons[button].id] { localized.pages[index].buttons[button].text = text }
            }
            if let altText = page.imageAltText { localized.pages[index].image?.altText = altText }
        }
        if let survey = translation.survey { localized.survey = localized.survey?.localized(by: survey) }
        return localized
    }
}

extension Survey {
    /// The survey with `translation`'s text over its own.
    func localized(by translation: SurveyTranslation) -> Survey {
        var localized = self
        for index in localized.questions.indices {
            guard let question = translation.questions[localized.questions[index].id] else { continue }
            localized.questions[index].prompt = question.prompt ?? localized.questions[index].prompt
            for choice in localized.questions[index].choices.indices {
                if let label = question.choices[localized.questions[index].choices[choice].id] {
                    localized.questions[index].choices[choice].label = label
                }
            }
        }
        localized.submitLabel = translation.submitLabel ?? submitLabel
        localized.thankYou.title = translation.thankYou?.title ?? thankYou.title
        localized.thankYou.body = translation.thankYou?.body ?? thankYou.body
        return localized
    }
}

extension Campaign {
    /// The campaign with its message, and each experiment variant's, in the language `locale`
    /// asks for (``Message/localized(to:)``).
    public func localized(to locale: String?) -> Campaign {
        var localized = self
        localized.message = message.localized(to: locale)
        if var experiment = localized.experiment {
            for index in experiment.variants.indices {
                experiment.variants[index].message = experiment.variants[index].message?.localized(to: locale)
            }
            localized.experiment = experiment
        }
        return localized
    }
}

extension Campaign {
    /// The campaign with only the translations a client showing messages in `locale` can pick
    /// (those along ``LanguageTag/fallbacks(for:)``), in its message and each variant's: what it
    /// picks is unchanged, and the others are not sent.
    public func keepingTranslations(along locale: String) -> Campaign {
        let chain = Set(LanguageTag.fallbacks(for: locale))
        var kept = self
        kept.message.translations = message.translations.filter { chain.contains($0.key) }
        if var experiment = kept.experiment {
            for index in experiment.variants.indices {
                let translations = experiment.variants[index].message?.translations ?? [:]
                experiment.variants[index].message?.translations = translations.filter { chain.contains($0.key) }
            }
            kept.experiment = experiment
        }
        return kept
    }

    /// Every language the campaign's message or a variant's is translated into.
    public var translationLanguages: Set<String> {
        var languages = Set(message.translations.keys)
        for variant in experiment?.variants ?? [] {
            if let keys = variant.message?.translations.keys { languages.formUnion(keys) }
        }
        return languages
    }
}

