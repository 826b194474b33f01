use super::Asks;
use crate::site::content::Content;

#[test]
fn the_customer_sees_the_trailer_they_typed_for_other() {
    let chat = Content::load(None).expect("built-in content loads").chat;
    let trailer = chat.steps[0].question.clone();
    let typed = chat.steps[0].follow_ups[0].question.clone();
    let answers = [
        (trailer.clone(), "Other (please specify)".to_owned()),
        (typed, "Horse trailer".to_owned()),
        ("What service do you need?".to_owned(), "Repairs needed".to_owned()),
    ];
    assert_eq!(
        chat.customers_answers(&answers, |_| true),
        [
            ("Trailer".to_owned(), "Horse trailer".to_owned()),
            ("Service".to_owned(), "Repairs needed".to_owned())
        ]
    );
    assert_eq!(chat.customers_answers(&answers, |_| false)[0].1, "Other", "not the prompt to specify");
    assert_eq!(chat.customers_answers(&answers[..1], |_| true)[0].1, "Other");
}

#[test]
fn answers_go_by_their_labels_or_else_by_their_questions() {
    let content = Content::load(None).expect("built-in content loads");
    assert_eq!(content.chat.answer_label("How urgent is this?"), Some("Urgency"));
    assert_eq!(content.chat.answer_label("Favourite colour?"), None);
    let text = include_str!("../../../../../content/site.toml").replace("label = \"Urgency\"\n", "");
    let unlabelled = Content::parse(&text).expect("a label may be left out");
    assert_eq!(unlabelled.chat.answer_label("How urgent is this?"), Some("How urgent is this?"));
    assert!(unlabelled.chat.answer_labels().contains(&"How urgent is this?"));
}

#[test]
fn only_answers_picked_from_the_options_have_a_picked_label() {
    let chat = Content::load(None).expect("built-in content loads").chat;
    assert_eq!(chat.picked_label("How urgent is this?", "Urgent (24-48 hours)"), Some("Urgency"));
    assert_eq!(chat.picked_label("How urgent is this?", "whenever, call my cousin"), None);
    let other = "No problem! What kind of trailer is it? A few words are enough, like \"horse trailer\" or \"car hauler\".";
    assert_eq!(chat.picked_label(other, "horse trailer"), None, "a follow-up is typed, not picked");
}

#[test]
fn a_service_a_card_named_stands_in_for_the_option_it_picked() {
    let chat = Content::load(None).expect("built-in content loads").chat;
    let answers = [
        ("What service do you need?".to_owned(), "Repairs needed".to_owned()),
        ("Service asked about".to_owned(), "Suspension and Brake Repair".to_owned()),
    ];
    assert_eq!(
        chat.customers_answers(&answers, |_| true),
        [("Service".to_owned(), "Suspension and Brake Repair".to_owned())]
    );
    assert_eq!(chat.customers_answers(&answers, |_| false)[0].1, "Repairs needed");
    assert_eq!(chat.answer_label("Service asked about"), Some("Service asked about"));
    assert!(chat.answer_labels().contains(&"Service asked about"), "a column of the export");
}

#[test]
fn details_saved_before_the_greeting_read_with_the_built_in_one() {
    let mut saved: toml::Table = toml::from_str(include_str!("../../../../../content/site.toml")).unwrap();
    let chat = saved["chat"].as_table_mut().unwrap();
    chat.remove("greeting");
    chat.remove("financing_line");
    chat["steps"].as_array_mut().unwrap()[1].as_table_mut().unwrap().remove("named");
    let content = Content::parse(&toml::to_string(&saved).unwrap()).unwrap();
    assert_eq!(content.chat.greeting.as_deref(), Some("Hi! I'm your trailer assistant."));
    assert!(content.chat.financing_line.is_some_and(|line| line.contains("{provider}")));
    assert_eq!(content.chat.steps[1].named.as_deref(), Some("Service asked about"));
}

#[test]
fn a_script_saved_before_the_job_questions_learns_them() {
    let mut saved: toml::Table = toml::from_str(include_str!("../../../../../content/site.toml")).unwrap();
    let steps = saved["chat"].as_table_mut().unwrap()["steps"].as_array_mut().unwrap();
    steps.retain(|step| !step.as_table().unwrap().contains_key("when"));
    for step in steps.iter_mut() {
        let step = step.as_table_mut().unwrap();
        step.remove("unless");
        if let Some(follow_ups) = step.get_mut("follow_ups").and_then(|list| list.as_array_mut()) {
            follow_ups.retain(|f| !matches!(f.get("asks").and_then(|a| a.as_str()), Some("job" | "address")));
            for follow_up in follow_ups.iter_mut() {
                // Written as files wrote a place question then.
                let follow_up = follow_up.as_table_mut().unwrap();
                if follow_up.remove("asks").is_some_and(|asks| asks.as_str() == Some("place")) {
                    follow_up.insert("place".to_owned(), true.into());
                }
            }
        }
    }
    let old = Content::parse(&toml::to_string(&saved).unwrap()).expect("an earlier script reads");
    let built_in = Content::load(None).unwrap();
    assert_eq!(
        serde_json::to_value(&old.chat).unwrap(),
        serde_json::to_value(&built_in.chat).unwrap(),
        "the saved script asks what the built-in one asks"
    );
}

#[test]
fn a_custom_build_is_asked_its_budget_and_timeline_instead_of_the_urgency() {
    let chat = Content::load(None).unwrap().chat;
    let asked = |given: &[&str]| -> Vec<&str> {
        chat.steps
            .iter()
            .filter(|step| step.asked_after(given.iter().copied()))
            .filter_map(|step| (!step.label.is_empty()).then_some(step.label.as_str()))
            .collect()
    };
    assert_eq!(
        asked(&["Dump Trailer", "Repairs needed"]),
        ["Trailer", "Service", "Mobile or shop", "Urgency"]
    );
    assert_eq!(
        asked(&["Dump Trailer", "Upgrades/modifications"]),
        ["Trailer", "Service", "Mobile or shop", "Budget", "Timeline"]
    );
}

#[test]
fn a_summary_says_the_trailer_in_the_customers_words_without_the_urgency() {
    let chat = Content::load(None).unwrap().chat;
    let answers: Vec<(String, String)> = [
        (chat.steps[0].question.as_str(), "Other (please specify)"),
        (chat.steps[0].follow_ups[0].question.as_str(), "horse trailer"),
        ("What service do you need?", "Emergency service"),
        (chat.steps[1].follow_ups[1].question.as_str(), "Axle snapped on I-70, mile 259"),
        ("Do you need mobile service, or can you bring the trailer to our shop?", "Need mobile service"),
        ("How urgent is this?", "Urgent (24-48 hours)"),
    ]
    .iter()
    .map(|(question, answer)| ((*question).to_owned(), (*answer).to_owned()))
    .collect();
    assert_eq!(chat.summary(&answers), ["horse trailer", "Need mobile service"]);
    assert_eq!(chat.answer_to(Asks::Job, &answers), Some("Axle snapped on I-70, mile 259"));
    assert_eq!(chat.answer_to(Asks::Address, &answers), None);
}
