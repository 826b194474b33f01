//! What a customer's text asks for: the providers' keywords (a reply of just STOP, START or
//! HELP, whatever its case and punctuation), a plain request to stop in other words (since April
//! 2025 the FCC counts those as opt-outs too), or nothing but a message for the shop.

/// The carriers' opt-out words. CANCEL is one of them, so nothing we send asks for a reply
/// "CANCEL": cancelling a request is done with its link.
const OPT_OUT: [&str; 8] = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"];
const OPT_IN: [&str; 3] = ["START", "UNSTOP", "YES"];
const HELP: [&str; 2] = ["HELP", "INFO"];

/// Plain words asking not to be texted any more (matched in the lowercased text, spaces
/// collapsed, apostrophes dropped).
const STOP_PHRASES: [&str; 16] = [
    "stop texting",
    "stop sending",
    "stop messaging",
    "stop the texts",
    "stop these texts",
    "no more texts",
    "no more messages",
    "dont text",
    "do not text",
    "dont message",
    "do not message",
    "unsubscribe me",
    "remove me from",
    "take me off",
    "opt me out",
    "opt out",
];

/// What an incoming text asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// One of the carriers' opt-out words.
    OptOut,
    /// Not to be texted, in the customer's own words (shown to the owner as such).
    StopInWords,
    OptIn,
    Help,
    /// A message for the shop.
    Message,
}

pub fn read(text: &str) -> Asked {
    let word: String = text.chars().filter(|c| c.is_alphanumeric()).collect::<String>().to_uppercase();
    if OPT_OUT.contains(&word.as_str()) {
        return Asked::OptOut;
    }
    if OPT_IN.contains(&word.as_str()) {
        return Asked::OptIn;
    }
    if HELP.contains(&word.as_str()) {
        return Asked::Help;
    }
    let words: String = text
        .to_lowercase()
        .chars()
        .filter(|c| !matches!(c, '\'' | '’'))
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if STOP_PHRASES.iter().any(|phrase| format!(" {words} ").contains(&format!(" {phrase} "))) {
        return Asked::StopInWords;
    }
    Asked::Message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opt_out_word_in_any_case_and_punctuation() {
        for word in OPT_OUT {
            assert_eq!(read(word), Asked::OptOut, "{word}");
            assert_eq!(read(&format!("  {}! ", word.to_lowercase())), Asked::OptOut, "{word}");
        }
        assert_eq!(read("Stop."), Asked::OptOut);
        assert_eq!(read("opt-out"), Asked::OptOut);
    }

    #[test]
    fn start_and_help_words() {
        for word in ["START", "start", "Unstop", "yes"] {
            assert_eq!(read(word), Asked::OptIn, "{word}");
        }
        for word in ["HELP", "help?", "Info"] {
            assert_eq!(read(word), Asked::Help, "{word}");
        }
    }

    #[test]
    fn a_plain_request_to_stop_counts_and_talk_of_stopping_does_not() {
        for text in [
            "Please stop texting me",
            "no more texts please",
            "Don't text this number",
            "I’d like you to stop sending these",
            "take me off your list",
        ] {
            assert_eq!(read(text), Asked::StopInWords, "{text}");
        }
        for text in [
            "My brakes won't stop the trailer",
            "Can you cancel my appointment tomorrow?",
            "yes please come at 9",
            "Stop by any time after 3",
        ] {
            assert_eq!(read(text), Asked::Message, "{text}");
        }
    }
}
