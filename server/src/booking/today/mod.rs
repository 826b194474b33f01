//! The front desk: Today's lists, what every admin page shows beside its own work, and the live
//! stream that keeps Today and the inbox current.

pub mod desk_routes;
pub mod live_routes;
pub mod routes;
pub mod store;
