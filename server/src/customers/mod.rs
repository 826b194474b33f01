//! Customers: one record per person or company, which their requests hang on. A request finds
//! its customer by its phone's last ten digits, else by its e-mail address (`store::attach`);
//! the owner keeps the record (name, company, address, notes, tags, numbers and addresses),
//! merges two records of one customer and splits a wrongly attached request off; a number no
//! customer has is answered and filed under one (`number_routes`); the owner exports a
//! customer's data and erases it at their request (`privacy_routes`); the customer's own page
//! lists their requests and trailers (`own_page`).

pub mod model;
pub mod number_routes;
pub mod own_page;
pub mod privacy_routes;
pub mod privacy_store;
pub mod reads;
pub mod routes;
pub mod store;
pub mod threads;
pub mod trailer_reads;
pub mod trailer_routes;
pub mod trailer_store;
pub mod vin;
