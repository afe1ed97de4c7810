//! The worker: a real Web Worker (Trunk's loader shim starts it: index.html) that reads
//! transcripts and big files, builds the demo games, repairs and lays out big maps while the
//! page keeps drawing. It
//! speaks the messages of `maprepair::ui::modules::bridge` (a [`ToWorker`] in, a
//! [`FromWorker`] out) and does the work in `maprepair::ui::modules::jobs`; the page's side is
//! `maprepair::ui::modules::worker`.

use maprepair::domain::progress::Progress;
use maprepair::ui::modules::bridge::{decode, encode, Answer, FromWorker, ToWorker};
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

/// Does one job and answers it. Tells the console how long its stages took
/// ([`Stages::report`]), for the browser tests' profile of a read.
fn handle(data: JsValue) {
    let mut stages = Stages::new();
    let ToWorker { job, sync, work } = match decode(data.clone()) {
        Ok(m) => m,
        Err(why) => {
            if let Ok(JobOnly { job }) = decode(data) {
                post(&FromWorker::Failed { job, why });
            }
            return;
        }
    };
    stages.mark("receive");
    let mut last = js_sys::Date::now();
    let mut progress = |progress: Progress| {
        stages.note(&progress);
        let now = js_sys::Date::now();
        if now - last >= PROGRESS_EVERY_MS {
            last = now;
            post(&FromWorker::Progress { job, progress });
        }
    };
    let out = JOBS.with_borrow_mut(|jobs| jobs.run(sync, work, &mut progress));
    stages.mark("work");
    let opened = matches!(out, Ok(Answer::Opened(_)));
    post(&match out {
        Ok(answer) => FromWorker::Done { job, answer },
        Err(why) => FromWorker::Failed { job, why },
    });
    stages.mark("post");
    if opened {
        // The read's commits, a piece at a time, each sent once serialised: the page replays
        // one while this serialises the next.
        let mut i = 0;
        while let Some(commits) = JOBS.with_borrow(|jobs| jobs.opened_piece(i)) {
            post(&FromWorker::Piece { job, commits });
            i += 1;
        }
        stages.mark("pieces");
    }
    stages.report(job);
}

/// When a job's stages ended, in milliseconds since it arrived: `receive` (the job's message
/// read), the first progress of each [`Progress::stage`] and the last one (an edge list: parsed,
/// then its history written), `work` (the job done), `post` (the answer sent) and `pieces` (a
/// read's commits serialised and sent).
struct Stages {
    start: f64,
    marks: Vec<(String, f64)>,
}

impl Stages {
    fn new() -> Stages {
        Stages {
            start: js_sys::Date::now(),
            marks: Vec::new(),
        }
    }

    fn mark(&mut self, name: &str) {
        self.marks
            .push((name.to_string(), js_sys::Date::now() - self.start));
    }

    fn note(&mut self, progress: &Progress) {
        let name = format!("{:?}", progress.stage);
        let at = js_sys::Date::now() - self.start;
        match self.marks.iter_mut().find(|m| m.0 == name) {
            Some(_) => {
                let last = format!("{name}-last");
                match self.marks.iter_mut().find(|m| m.0 == last) {
                    Some(m) => m.1 = at,
                    None => self.marks.push((last, at)),
                }
            }
            None => self.marks.push((name, at)),
        }
    }

    /// `maprepair-worker-stages {"job":N,"receive":ms,...}` on the console (debug level).
    fn report(&self, job: u32) {
        let fields: Vec<String> = self
            .marks
            .iter()
            .map(|(name, at)| format!("\"{name}\":{at}"))
            .collect();
        let line = format!(
            "maprepair-worker-stages {{\"job\":{job},{}}}",
            fields.join(",")
        );
        web_sys::console::debug_1(&JsValue::from_str(&line));
    }
}
