//! Build from text: paste or upload, choose how the text is split, read it with the model (or
//! offline with the prose reader), and follow the run: observation i of N, elapsed
//! time, tokens, pause, resume and cancel.

use super::build_run::{cancel, pause, resumable, start};
use super::host::Host;
use super::LlmState;
use crate::domain::llm::{is_walkthrough, split_observations, Split};
use crate::ui::llm::http::now_ms;
use leptos::prelude::*;
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn seconds(ms: f64) -> String {
    let s = ms / 1000.0;
    if s < 60.0 {
        format!("{s:.1} s")
    } else {
        format!("{}:{:02} min", (s / 60.0).floor(), (s % 60.0).floor())
    }
}

/// Reads a picked file into the paste area.
fn read_file(llm: LlmState, source: RwSignal<String>, ev: &leptos::ev::Event) {
    let input: Option<web_sys::HtmlInputElement> =
        wasm_bindgen::JsCast::dyn_into(event_target::<web_sys::EventTarget>(ev)).ok();
    let Some(input) = input else { return };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    input.set_value("");
    leptos::task::spawn_local(async move {
        let name = file.name();
        let text = crate::ui::io::files::read_text(&file).await;
        match text {
            Ok(t) => {
                llm.text.set(t);
                let stem = name
                    .rsplit_once('.')
                    .map_or(name.as_str(), |(s, _)| s)
                    .to_string();
                source.set(stem);
                llm.error.set(None);
            }
            Err(e) => llm.fail(format!("{e}. Nothing was changed.")),
        }
    });
}

/// The build-from-text panel.
#[allow(clippy::too_many_lines)] // A Leptos component: its view! markup is one tree, read top to bottom.
#[component]
pub fn BuildPanel() -> impl IntoView {
    let llm = expect_context::<LlmState>();
    let host = expect_context::<Host>();
    let source = RwSignal::new(String::new());
    let custom = RwSignal::new(String::from("---"));
    // Whether the text is a game transcript: the offline-automapper hint below depends on this
    // answer only, so typing into a transcript does not rebuild it at every keystroke.
    let transcript = Memo::new(move |_| llm.text.with(|t| is_walkthrough(t)));
    // Tick the elapsed time while running.
    let timer = Arc::new(Mutex::new(None::<IntervalHandle>));
    let clear = |timer: &Mutex<Option<IntervalHandle>>| {
        if let Some(h) = timer.lock().ok().and_then(|mut t| t.take()) {
            h.clear();
        }
    };
    {
        let timer = timer.clone();
        on_cleanup(move || clear(&timer));
    }
    Effect::new(move |_| {
        let running = llm.running.get();
        clear(&timer);
        if running {
            let t0 = now_ms() - llm.elapsed_ms.get_untracked();
            let tick = move || llm.elapsed_ms.set((now_ms() - t0).max(0.0));
            let handle = set_interval_with_handle(tick, Duration::from_millis(250)).ok();
            if let Ok(mut t) = timer.lock() {
                *t = handle;
            }
        }
    });
    let resume_point = move || resumable(host, llm);
    let text_is_run = move || {
        let name = host.summary.with(|s| s.name.clone());
        llm.run.with(|r| {
            r.as_ref().is_some_and(|r| {
                r.project == name && llm.text.with(|t| t == &r.text || t.trim().is_empty())
            })
        })
    };
    let progress = move || {
        let (name, done) = host.summary.with(|s| (s.name.clone(), s.observations));
        let of_run = llm.run.with(|r| {
            r.as_ref()
                .filter(|r| r.project == name)
                .map(|r| (done.min(r.observations.len()), r.observations.len()))
        });
        match of_run {
            Some(p) if text_is_run() || llm.running.get() => p,
            _ => (
                0,
                llm.text
                    .with(|t| split_observations(t, &llm.split.get()).len()),
            ),
        }
    };
    let choose_split = move |ev: leptos::ev::Event| {
        let v = event_target_value(&ev);
        llm.split.set(match v.as_str() {
            "lines" => Split::Lines,
            "custom" => Split::Separator(custom.get_untracked()),
            _ => Split::Paragraphs,
        });
    };
    let run_label = move || {
        if llm.running.get() {
            "Reading…".to_string()
        } else if let (Some((done, total)), true) = (resume_point(), text_is_run()) {
            format!("Resume ({done} / {total})")
        } else {
            "Build map from text".to_string()
        }
    };
    let go = move || start(host, llm, &source.get_untracked());
    let tokens = move || match llm.tokens.get() {
        0 => String::new(),
        n => format!(" · {n} tokens"),
    };
    let events = move || {
        llm.events
            .get()
            .into_iter()
            .map(|e| view! { <li>{e}</li> })
            .collect_view()
    };
    view! {
        <h3>"Build a map from text"</h3>
        <textarea
            data-testid="text-input"
            aria-label="Text to read"
            placeholder="Paste a story, a chapter or a game transcript. Each paragraph is one observation."
            prop:value=move || llm.text.get()
            on:input=move |ev| llm.text.set(event_target_value(&ev))
            disabled=move || llm.running.get()
        ></textarea>
        <div class="llm-row">
            <label class="button" title="Read a .txt, .md or .walkthrough file into the box">
                "Upload text…"
                <input
                    type="file"
                    class="visually-hidden"
                    data-testid="text-file"
                    accept=".txt,.md,.walkthrough,text/plain"
                    on:change=move |ev| read_file(llm, source, &ev)
                />
            </label>
            <label class="field">
                "Split"
                <select data-testid="build-split" on:change=choose_split>
                    <option value="paragraphs">"by blank lines"</option>
                    <option value="lines">"by line"</option>
                    <option value="custom">"by separator"</option>
                </select>
            </label>
            {move || {
                matches!(llm.split.get(), Split::Separator(_))
                    .then(|| {
                        view! {
                            <input
                                type="text"
                                size="5"
                                aria-label="Separator"
                                prop:value=move || custom.get()
                                on:input=move |ev| {
                                    custom.set(event_target_value(&ev));
                                    llm.split.set(Split::Separator(custom.get_untracked()));
                                }
                            />
                        }
                    })
            }}
        </div>
        {move || {
            (!llm.running.get() && transcript.get())
                .then(|| {
                    let automap = move |_| {
                        let name = source.get_untracked();
                        let name = if name.trim().is_empty() { "Transcript".to_string() } else { name };
                        llm.text.with_untracked(|t| host.automap(&name, t));
                    };
                    view! {
                        <div class="llm-automap" data-testid="build-automap-hint">
                            <span>
                                <strong>"This is a game transcript."</strong>
                                " The offline automapper reads it best (room titles, moves, dark rooms, undo), with no key and nothing sent."
                            </span>
                            <button class="primary" data-testid="build-automap" on:click=automap>
                                "Automap offline"
                            </button>
                        </div>
                    }
                })
        }}
        <label class="llm-offline" class:on=move || llm.offline.get()>
            <input
                type="checkbox"
                data-testid="build-offline"
                prop:checked=move || llm.offline.get()
                on:change=move |ev| llm.offline.set(event_target_checked(&ev))
            />
            <span>
                <strong>"No key? Read it offline with the prose reader"</strong>
                " (offline): a part-of-speech tagger and rules for places, movement (“they went through the hall into the library”) and layout (“the kitchen is north of the hall”, “beyond the court”) read a chapter of a novel; each paragraph is a commit showing the sentence and the words it used. Nothing leaves this page."
            </span>
        </label>
        <div class="button-row">
            <button
                class="primary"
                data-testid="build-run"
                on:click=move |_| go()
                disabled=move || llm.running.get()
            >
                {run_label}
            </button>
            <button
                data-testid="build-pause"
                title="Stop after the observation being read; Resume goes on from there"
                disabled=move || !llm.running.get() || llm.pause_requested.get()
                on:click=move |_| pause(llm)
            >
                "Pause"
            </button>
            <button
                class="danger"
                data-testid="build-cancel"
                disabled=move || !llm.running.get()
                on:click=move |_| cancel(llm)
            >
                "Cancel"
            </button>
        </div>
        <div class="llm-progress">
            <progress
                max=move || progress().1.max(1).to_string()
                value=move || progress().0.to_string()
            ></progress>
            <span data-testid="build-progress">
                {move || {
                    let (i, n) = progress();
                    format!("{i} / {n}")
                }}
            </span>
            <span class="llm-meta" data-testid="build-meta">
                {move || seconds(llm.elapsed_ms.get())}
                {tokens}
                {move || {
                    let s = llm.status.get();
                    if s.is_empty() { String::new() } else { format!(" · {s}") }
                }}
            </span>
        </div>
        <ul class="llm-events" data-testid="build-events">
            {events}
        </ul>
    }
}
