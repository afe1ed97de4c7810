//! The worker: a real Web Worker (Trunk's loader shim starts it: index.html) that reads
//! transcripts and big files, builds the demo games, repairs and lays out big maps while the
//! page keeps drawing. It
//! speaks the messages of `maprepair::ui::modules::bridge` (a [`ToWorker`] in, a
//! [`FromWorker`] out) and does the work in `maprepair::ui::modules::jobs`; the page's side is
//! `maprepair::ui::modules::worker`.

use maprepair::domain::progress::Progress;
use maprepair::ui::modules::bridge::{decode, encode, FromWorker, ToWorker};
use maprepair::ui::modules::jobs::Jobs;
use serde::Deserialize;
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// How often at most a job tells the page how far it got, in milliseconds: often enough for a
/// bar that moves smoothly (ten times a second), rarely enough that posting costs nothing next
/// to the work; a job shorter than this shows the page no bar at all.
const PROGRESS_EVERY_MS: f64 = 100.0;

thread_local! {
    static JOBS: RefCell<Jobs> = RefCell::new(Jobs::default());
}

fn main() {
    console_error_panic_hook::set_once();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|e: web_sys::MessageEvent| {
            handle(e.data())
        });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // Listens for as long as the worker lives.
    on_message.forget();
    post(&FromWorker::Ready);
}

fn scope() -> web_sys::DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(message: &FromWorker) {
    match encode(message) {
        Ok(m) => {
            let _ = scope().post_message(&m);
        }
        Err(e) => web_sys::console::error_1(&JsValue::from_str(&e)),
    }
}

/// The job number of a message that could not be read whole.
#[derive(Deserialize)]
struct JobOnly {
    job: u32,
}

/// Does one job and answers it.
fn handle(data: JsValue) {
    let ToWorker { job, sync, work } = match decode(data.clone()) {
        Ok(m) => m,
        Err(why) => {
            if let Ok(JobOnly { job }) = decode(data) {
                post(&FromWorker::Failed { job, why });
            }
            return;
        }
    };
    let mut last = js_sys::Date::now();
    let mut progress = |progress: Progress| {
        let now = js_sys::Date::now();
        if now - last >= PROGRESS_EVERY_MS {
            last = now;
            post(&FromWorker::Progress { job, progress });
        }
    };
    let out = JOBS.with_borrow_mut(|jobs| jobs.run(sync, work, &mut progress));
    post(&match out {
        Ok(answer) => FromWorker::Done { job, answer },
        Err(why) => FromWorker::Failed { job, why },
    });
}
