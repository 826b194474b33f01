//! What the visitor's confirmation e-mail says: the request number, what happens next, and the
//! answers they picked from the assistant's quick options. Nothing the visitor typed (their
//! name, details, answers in their own words) goes back out in it: a stranger's address typed
//! into the form would otherwise receive the sender's words. Nor anything of the admin area.

use crate::{
    content::{Business, Chat},
    db::Db,
    with_db,
};

pub struct Confirmation {
    /// (label, answer) of each answer picked from the quick options, in the order asked.
    picked: Vec<(String, String)>,
    /// How many photos came with the request.
    photos: i64,
}

impl Confirmation {
    /// What booking `booking_id`'s confirmation tells, its answers read against `chat`.
    pub async fn load(db: &Db, booking_id: i64, chat: &Chat) -> anyhow::Result<Self> {
        let (answers, photos): (Vec<(String, String)>, i64) = with_db!(db, |pool| {
            let answers = sqlx::query_as(
                "SELECT question, answer FROM booking_answers WHERE booking_id = $1 ORDER BY position",
            )
            .bind(booking_id)
            .fetch_all(pool)
            .await?;
            let photos = sqlx::query_scalar("SELECT COUNT(*) FROM booking_photos WHERE booking_id = $1")
                .bind(booking_id)
                .fetch_one(pool)
                .await?;
            (answers, photos)
        });
        let picked = answers
            .into_iter()
            .filter_map(|(question, answer)| {
                Some((chat.picked_label(&question, &answer)?.to_owned(), answer))
            })
            .collect();
        Ok(Self { picked, photos })
    }

    pub fn body(&self, booking_id: i64, business: &Business) -> String {
        let mut body = format!(
            "Thank you for your service request to {shop}. Your request number is #{booking_id}.\n\n\
             What happens next: we'll call or e-mail you within {response} to confirm the details\n\
             (sooner for emergencies). If it can't wait, call us any time at {phone}.\n",
            shop = business.name,
            response = business.response_time,
            phone = business.phone,
        );
        if !self.picked.is_empty() {
            body.push_str("\nYour request:\n");
            for (label, answer) in &self.picked {
                body.push_str(&format!("  {label}: {answer}\n"));
            }
        }
        match self.photos {
            0 => {}
            1 => body.push_str("\nWe received your photo.\n"),
            n => body.push_str(&format!("\nWe received your {n} photos.\n")),
        }
        body.push_str(&format!(
            "\nIf you did not ask for this, you can ignore this e-mail.\n\n{}\n{}\n",
            business.name, business.phone
        ));
        body
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Content;

    #[test]
    fn the_confirmation_tells_the_number_the_next_step_and_the_picked_answers_only() {
        let content = Content::load(None).expect("built-in content loads");
        let confirmation = Confirmation {
            picked: vec![
                ("Trailer".into(), "Dump Trailer".into()),
                ("Urgency".into(), "Soon (within a week)".into()),
            ],
            photos: 2,
        };
        let body = confirmation.body(42, &content.business);
        assert!(body.starts_with(&format!(
            "Thank you for your service request to {}. Your request number is #42.",
            content.business.name
        )));
        assert!(body.contains("  Trailer: Dump Trailer\n  Urgency: Soon (within a week)\n"), "{body}");
        assert!(body.contains("We received your 2 photos."), "{body}");
        assert!(!body.contains("/dbadmin"), "{body}");
    }
}
