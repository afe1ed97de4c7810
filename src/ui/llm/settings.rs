//! The provider settings dialog: provider, base URL, model, key (kept in memory unless
//! "remember on this device" is ticked), time limit, a connection test, and help for the
//! browser's pitfalls (CORS, Ollama's `OLLAMA_ORIGINS`).

use super::host::Host;
use super::{persist, LlmState};
use crate::domain::llm::{
    mapping_request, read_mapping_response, ApiKey, LlmConfig, MappingContext, Provider,
};
use crate::domain::llm::{HttpResponse, LlmTransport};
use crate::ui::llm::http::{Abort, BrowserTransport};
use leptos::prelude::*;

/// Sends one tiny mapping request and says whether a usable answer came back.
async fn test_connection(config: LlmConfig, timeout_secs: u64) -> Result<String, String> {
    let ctx = MappingContext {
        observation: "The kitchen is north of the hall.".to_string(),
        ..MappingContext::default()
    };
    let request = mapping_request(&config, &ctx).map_err(|e| e.to_string())?;
    let transport = BrowserTransport::new(config.clone(), timeout_secs, Abort::default());
    let HttpResponse {
        status,
        headers,
        body,
    } = transport.send(&request).await.map_err(|e| e.to_string())?;
    let (reply, usage) =
        read_mapping_response(&config, status, &headers, &body).map_err(|e| e.to_string())?;
    let tokens = match usage.total() {
        0 => String::new(),
        n => format!(", {n} tokens"),
    };
    Ok(format!(
        "Connected: {} answered with {} relation(s){tokens}.",
        config.provider.label(),
        reply.relations.len()
    ))
}

/// The settings dialog, shown while [`LlmState::settings_open`] is set.
#[allow(clippy::too_many_lines)] // A Leptos component: its view! markup is one tree, read top to bottom.
#[component]
pub fn SettingsPanel() -> impl IntoView {
    let llm = expect_context::<LlmState>();
    let host = expect_context::<Host>();
    move || {
        if !llm.settings_open.get() {
            return None;
        }
        // Drafts: edits apply on Save; Close discards them.
        let provider = RwSignal::new(llm.provider.get_untracked());
        let base_url = RwSignal::new(llm.base_url.get_untracked());
        let model = RwSignal::new(llm.model.get_untracked());
        let key = RwSignal::new(llm.key.get_untracked());
        let remember = RwSignal::new(llm.remember.get_untracked());
        let timeout = RwSignal::new(llm.timeout_secs.get_untracked());
        let testing = RwSignal::new(false);
        let result = RwSignal::new(None::<Result<String, String>>);
        let draft = move || LlmConfig {
            provider: provider.get_untracked(),
            base_url: base_url.get_untracked(),
            model: model.get_untracked(),
            api_key: ApiKey::new(key.get_untracked()),
        };
        let pick = move |ev: leptos::ev::Event| {
            if let Some(p) = Provider::parse(&event_target_value(&ev)) {
                provider.set(p);
                base_url.set(p.default_base_url().to_string());
                model.set(p.default_model().to_string());
            }
        };
        let save = move |_| {
            llm.provider.set(provider.get_untracked());
            llm.base_url
                .set(base_url.get_untracked().trim().to_string());
            llm.model.set(model.get_untracked().trim().to_string());
            llm.key.set(key.get_untracked().trim().to_string());
            llm.remember.set(remember.get_untracked());
            llm.timeout_secs.set(timeout.get_untracked().clamp(1, 600));
            let stored = persist::save_settings(&llm.settings(), &llm.key.get_untracked());
            llm.settings_open.set(false);
            if llm.error.with_untracked(|e| e.is_some()) {
                llm.error.set(None);
            }
            let where_key = if llm.remember.get_untracked() {
                "The key is remembered on this device."
            } else {
                "The key stays in this tab's memory only."
            };
            if stored {
                host.tell(format!("LLM settings saved. {where_key}"), false);
            } else {
                host.tell("LLM settings apply to this tab, but the browser's storage is not available to keep them.", true);
            }
        };
        let test = move |_| {
            testing.set(true);
            result.set(None);
            let config = draft();
            let secs = timeout.get_untracked().clamp(1, 600);
            leptos::task::spawn_local(async move {
                let outcome = test_connection(config, secs).await;
                result.set(Some(outcome));
                testing.set(false);
            });
        };
        let options = Provider::ALL
            .into_iter()
            .map(|p| {
                view! {
                    <option value=p.as_str() selected=move || provider.get() == p>
                        {p.label()}
                    </option>
                }
            })
            .collect_view();
        let key_hint = move || {
            if provider.get().requires_key() {
                "Required. Kept in this tab's memory unless you tick the box below."
            } else {
                "Usually not needed for a local server; some hosted ones (OpenRouter) need one."
            }
        };
        Some(view! {
            <div class="llm-backdrop" on:click=move |_| llm.settings_open.set(false)>
                <div
                    class="llm-dialog panel"
                    role="dialog"
                    aria-label="LLM settings"
                    data-testid="llm-settings-panel"
                    on:click=|ev| ev.stop_propagation()
                >
                    <h2>"LLM settings"</h2>
                    <p class="hint">
                        "Requests go straight from this page to the provider you pick, with your own key. There is no server of ours in between."
                    </p>
                    <label class="llm-field">
                        "Provider"
                        <select data-testid="llm-provider" on:change=pick>
                            {options}
                        </select>
                    </label>
                    <label class="llm-field">
                        "Base URL"
                        <input
                            type="text"
                            data-testid="llm-base-url"
                            spellcheck="false"
                            placeholder=move || provider.get().default_base_url()
                            prop:value=move || base_url.get()
                            on:input=move |ev| base_url.set(event_target_value(&ev))
                        />
                    </label>
                    <label class="llm-field">
                        "Model"
                        <input
                            type="text"
                            data-testid="llm-model"
                            spellcheck="false"
                            placeholder=move || provider.get().default_model()
                            prop:value=move || model.get()
                            on:input=move |ev| model.set(event_target_value(&ev))
                        />
                    </label>
                    <label class="llm-field">
                        "API key"
                        <input
                            type="password"
                            data-testid="llm-key"
                            autocomplete="off"
                            spellcheck="false"
                            placeholder="paste your key"
                            prop:value=move || key.get()
                            on:input=move |ev| key.set(event_target_value(&ev))
                        />
                    </label>
                    <p class="hint">{key_hint}</p>
                    <label class="llm-check">
                        <input
                            type="checkbox"
                            data-testid="llm-remember"
                            prop:checked=move || remember.get()
                            on:change=move |ev| remember.set(event_target_checked(&ev))
                        />
                        "Remember the key on this device (saved in this browser's local storage)"
                    </label>
                    <label class="llm-field">
                        "Time limit (s)"
                        <input
                            type="number"
                            min="1"
                            max="600"
                            data-testid="llm-timeout"
                            prop:value=move || timeout.get().to_string()
                            on:input=move |ev| {
                                if let Ok(v) = event_target_value(&ev).trim().parse::<u64>() {
                                    timeout.set(v);
                                }
                            }
                        />
                    </label>
                    <div class="button-row">
                        <button class="primary" data-testid="llm-save" on:click=save>
                            "Save"
                        </button>
                        <button data-testid="llm-test" on:click=test disabled=move || testing.get()>
                            {move || if testing.get() { "Testing…" } else { "Test connection" }}
                        </button>
                        <button data-testid="llm-close" on:click=move |_| llm.settings_open.set(false)>"Close"</button>
                    </div>
                    {move || {
                        result
                            .get()
                            .map(|r| match r {
                                Ok(m) => view! { <p class="llm-ok" data-testid="llm-test-result">{m}</p> }.into_any(),
                                Err(m) => view! { <div class="llm-error" role="alert" data-testid="llm-test-result"><p>{m}</p></div> }.into_any(),
                            })
                    }}
                    <details>
                        <summary>"What is sent where"</summary>
                        <p>
                            "Each request carries the text being read (one paragraph or step), the names of the places already on the map, the current location and the last three steps; for repairs, the conflict, its candidate exits and recent versions. It goes to the base URL above and nowhere else."
                        </p>
                        <p>
                            "The key is sent only in the request headers the provider expects (Authorization, x-api-key or x-goog-api-key), never in a URL. It is not part of exported projects and never shown in messages."
                        </p>
                    </details>
                    <details>
                        <summary>"Local models (Ollama, LM Studio) and CORS errors"</summary>
                        <p>
                            "Browsers let a web page call another server only if that server says the page may (this is called CORS). OpenAI, Anthropic and Gemini allow it. A local server must be told to, or the browser blocks the answer and you see “Could not reach the LLM server”."
                        </p>
                        <p>
                            "Ollama: choose “OpenAI-compatible server”, base URL "<code>"http://localhost:11434/v1"</code>", and start Ollama with "<code>"OLLAMA_ORIGINS"</code>" set to this page's origin, e.g. "<code>{move || format!("OLLAMA_ORIGINS={} ollama serve", page_origin())}</code>"."
                        </p>
                        <p>
                            "LM Studio: turn on “Enable CORS” in the server settings and use "<code>"http://localhost:1234/v1"</code>". A page served over https cannot call a plain http server on another machine; use localhost or https."
                        </p>
                    </details>
                </div>
            </div>
        })
    }
}

/// This page's origin (`https://example.org`), for the Ollama hint.
fn page_origin() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.location().origin().ok())
            .unwrap_or_else(|| "*".to_string())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        "*".to_string()
    }
}
