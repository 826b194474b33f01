use super::Asks;
use crate::site::content::Content;

#[test]
fn the_customer_sees_the_trailer_they_typed_for_other() {
    let chat = Content::load(None).expect("built-in content loads").chat;
    let trailer = chat.steps[0].question.clone();
    let typed = chat.steps[0].follow_ups[0].question.clone();
    let answers = chat.given(&[
        (&trailer, "Other (please specify)"),
        (&typed, "Horse trailer"),
        ("What service do you need?", "Repairs needed"),
    ]);
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
    assert_eq!(content.chat.answer_label("urgency"), Some("Urgency"));
    assert_eq!(content.chat.answer_label("favourite-colour"), None);
    let text = include_str!("../../../../../content/site.toml").replace("label = \"Urgency\"\n", "");
    let unlabelled = Content::parse(&text).expect("a label may be left out");
    assert_eq!(unlabelled.chat.answer_label("urgency"), Some("How urgent is this?"));
    assert!(unlabelled.chat.answer_labels().contains(&"How urgent is this?"));
}

#[test]
fn only_answers_picked_from_the_options_name_an_option() {
    let chat = Content::load(None).expect("built-in content loads").chat;
    let picked = chat.key_of("How urgent is this?", "Urgent (24-48 hours)");
    assert_eq!(picked, ("urgency".to_owned(), Some("urgent".to_owned())));
    let typed = chat.key_of("How urgent is this?", "whenever, call my cousin");
    assert_eq!(typed, ("urgency".to_owned(), None));
    let other = "No problem! What kind of trailer is it? A few words are enough, like \"horse trailer\" or \"car hauler\".";
    assert_eq!(
        chat.key_of(other, "horse trailer"),
        ("trailer-type".to_owned(), None),
        "a follow-up is typed, not picked"
    );
    assert_eq!(chat.key_of("Favourite colour?", "Red"), (String::new(), None), "a question not asked");
}

#[test]
fn renaming_a_question_and_an_option_keeps_the_answers_under_them() {
    let text = include_str!("../../../../../content/site.toml");
    let before = Content::parse(text).unwrap().chat;
    let answers = before.given(&[("What service do you need?", "Repairs needed")]);
    let renamed = Content::parse(
        &text
            .replace("question = \"What service do you need?\"", "question = \"What can we do for you?\"")
            .replace("text = \"Repairs needed\"", "text = \"A repair\""),
    )
    .unwrap()
    .chat;
    assert_eq!(renamed.steps[1].question, "What can we do for you?");
    assert_eq!(renamed.answer_label(&answers[0].key), Some("Service"));
    assert_eq!(
        renamed.customers_answers(&answers, |_| true),
        [("Service".to_owned(), "Repairs needed".to_owned())]
    );
    assert_eq!(renamed.summary(&answers), ["Repairs needed"], "the words the customer picked");
}

#[test]
fn keys_are_made_once_from_the_words_and_rules_written_in_words_name_them() {
    assert_eq!(super::keys::key_from("Other (please specify)"), "other");
    assert_eq!(super::keys::key_from("Upgrades/modifications"), "upgrades-modifications");
    assert_eq!(super::keys::key_from("$2,000 to $5,000"), "2-000-to-5-000");
    let text = include_str!("../../../../../content/site.toml");
    let mut saved: toml::Table = toml::from_str(text).unwrap();
    // Written as site details were before keys: options in words, rules naming them.
    let chat = saved["chat"].as_table_mut().unwrap();
    chat.insert(
        "emergency_answers".into(),
        toml::Value::try_from(["Emergency service", "Emergency (need immediate help)"]).unwrap(),
    );
    for step in chat["steps"].as_array_mut().unwrap() {
        let step = step.as_table_mut().unwrap();
        step.remove("key");
        let words: Vec<toml::Value> =
            step["options"].as_array().unwrap().iter().map(|o| o.get("text").cloned().unwrap()).collect();
        step.insert("options".into(), toml::Value::Array(words));
    }
    let old = Content::parse(&toml::to_string(&saved).unwrap()).expect("a script without keys reads");
    let built_in = Content::parse(text).unwrap();
    assert_eq!(old.chat.emergency_answers, ["emergency-service", "emergency"]);
    assert_eq!(
        old.chat.steps.iter().map(|step| &step.key).collect::<Vec<_>>(),
        built_in.chat.steps.iter().map(|step| &step.key).collect::<Vec<_>>()
    );
    let mut clash = Content::parse(text).unwrap().chat;
    clash.steps[0].options.push(super::ChatOption { key: String::new(), text: "Dump trailer!".into() });
    clash.fill_keys();
    assert_eq!(clash.steps[0].options.last().unwrap().key, "dump-trailer-2", "unique");
}

#[test]
fn a_service_a_card_named_stands_in_for_the_option_it_picked() {
    let chat = Content::load(None).expect("built-in content loads").chat;
    let answers = chat.given(&[
        ("What service do you need?", "Repairs needed"),
        ("Service asked about", "Suspension and Brake Repair"),
    ]);
    assert_eq!(
        chat.customers_answers(&answers, |_| true),
        [("Service".to_owned(), "Suspension and Brake Repair".to_owned())]
    );
    assert_eq!(chat.customers_answers(&answers, |_| false)[0].1, "Repairs needed");
    assert_eq!(chat.answer_label("service.named"), Some("Service asked about"));
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
        let given: Vec<&str> = given
            .iter()
            .map(|words| chat.options().find(|o| o.text == *words).unwrap().key.as_str())
            .collect();
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
    let answers = chat.given(&[
        (chat.steps[0].question.as_str(), "Other (please specify)"),
        (chat.steps[0].follow_ups[0].question.as_str(), "horse trailer"),
        ("What service do you need?", "Emergency service"),
        (chat.steps[1].follow_ups[1].question.as_str(), "Axle snapped on I-70, mile 259"),
        ("Do you need mobile service, or can you bring the trailer to our shop?", "Need mobile service"),
        ("How urgent is this?", "Urgent (24-48 hours)"),
    ]);
    assert_eq!(chat.summary(&answers), ["horse trailer", "Need mobile service"]);
    assert_eq!(chat.answer_to(Asks::Job, &answers), Some("Axle snapped on I-70, mile 259"));
    assert_eq!(chat.answer_to(Asks::Address, &answers), None);
}
