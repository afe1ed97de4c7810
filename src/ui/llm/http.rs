//! The browser side of the LLM calls: `fetch` with an `AbortController` (cancel and time limit),
//! a cancellable sleep for back-off, and a wall clock. Requests go straight from this page to
//! the provider; the key travels only in the request headers the protocol layer built.
//!
//! Off the browser (native builds and tests of the UI crate) the transport reports that it can
//! only run in a browser, and the clock reads 0.

use crate::domain::llm::{HttpRequest, HttpResponse, LlmConfig, LlmError, LlmTransport};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A cancel handle shared by a run and its in-flight request.
#[derive(Clone, Default)]
pub struct Abort {
    #[cfg(target_arch = "wasm32")]
    controller: Rc<RefCell<Option<web_sys::AbortController>>>,
    #[cfg(not(target_arch = "wasm32"))]
    controller: Rc<RefCell<Option<()>>>,
    cancelled: Rc<Cell<bool>>,
}

impl Abort {
    /// Cancels the run: aborts the request in flight and ends any wait.
    pub fn cancel(&self) {
        self.cancelled.set(true);
        #[cfg(target_arch = "wasm32")]
        if let Some(c) = self.controller.borrow_mut().take() {
            c.abort();
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.controller.borrow_mut().take();
    }

    /// Whether [`Abort::cancel`] was called since the last [`Abort::reset`].
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.get()
    }

    /// Ready for a new run.
    pub fn reset(&self) {
        self.cancelled.set(false);
        self.controller.borrow_mut().take();
    }
}

/// Sends requests with `fetch`. Each request gets its own `AbortController`; a timer aborts it
/// after `timeout_secs`, and [`Abort::cancel`] aborts it at once.
pub struct BrowserTransport {
    config: LlmConfig,
    timeout_secs: u64,
    abort: Abort,
}

impl BrowserTransport {
    /// A transport for `config` (used to scrub the key from error details).
    pub fn new(config: LlmConfig, timeout_secs: u64, abort: Abort) -> BrowserTransport {
        BrowserTransport {
            config,
            timeout_secs: timeout_secs.max(1),
            abort,
        }
    }
}

impl LlmTransport for BrowserTransport {
    async fn send(&self, request: &HttpRequest) -> Result<HttpResponse, LlmError> {
        if self.abort.is_cancelled() {
            return Err(LlmError::Cancelled);
        }
        #[cfg(target_arch = "wasm32")]
        {
            fetch(self, request).await
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = (request, self.timeout_secs);
            Err(LlmError::network(
                "LLM calls only run in a browser",
                &self.config.api_key,
            ))
        }
    }
}

#[cfg(target_arch = "wasm32")]
async fn fetch(t: &BrowserTransport, request: &HttpRequest) -> Result<HttpResponse, LlmError> {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;

    let fail = |what: &str| LlmError::network(what, &t.config.api_key);
    let window = web_sys::window().ok_or_else(|| fail("no browser window"))?;
    let init = web_sys::RequestInit::new();
    init.set_method(&request.method);
    let headers = web_sys::Headers::new().map_err(|_| fail("could not create headers"))?;
    for (k, v) in &request.headers {
        headers
            .set(k, v)
            .map_err(|_| fail(&format!("the header '{k}' is not valid")))?;
    }
    init.set_headers(&headers);
    init.set_body(&JsValue::from_str(&request.body_text()));
    let controller = web_sys::AbortController::new().map_err(|_| fail("no AbortController"))?;
    init.set_signal(Some(&controller.signal()));
    *t.abort.controller.borrow_mut() = Some(controller.clone());

    let timed_out = Rc::new(Cell::new(false));
    let on_timeout = {
        let timed_out = timed_out.clone();
        let controller = controller.clone();
        Closure::<dyn FnMut()>::new(move || {
            timed_out.set(true);
            controller.abort();
        })
    };
    let ms = i32::try_from(t.timeout_secs.saturating_mul(1000)).unwrap_or(i32::MAX);
    let timer = window
        .set_timeout_with_callback_and_timeout_and_arguments_0(
            on_timeout.as_ref().unchecked_ref(),
            ms,
        )
        .ok();
    let why = |err: JsValue| {
        if timed_out.get() {
            LlmError::Timeout {
                secs: t.timeout_secs,
            }
        } else if t.abort.is_cancelled() {
            LlmError::Cancelled
        } else {
            // The browser hides CORS and network details from the page: only a TypeError
            // such as "Failed to fetch" comes back.
            let detail = js_sys::Reflect::get(&err, &JsValue::from_str("message"))
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_else(|| "the request failed".to_string());
            LlmError::network(&detail, &t.config.api_key)
        }
    };
    let result = async {
        let value = JsFuture::from(window.fetch_with_str_and_init(&request.url, &init))
            .await
            .map_err(&why)?;
        let response: web_sys::Response = value.dyn_into().map_err(|_| fail("no response"))?;
        let status = response.status();
        let mut headers = Vec::new();
        for name in ["retry-after", "content-type"] {
            if let Ok(Some(v)) = response.headers().get(name) {
                headers.push((name.to_string(), v));
            }
        }
        let promise = response
            .text()
            .map_err(|_| fail("the body could not be read"))?;
        let body = JsFuture::from(promise)
            .await
            .map_err(&why)?
            .as_string()
            .unwrap_or_default();
        Ok(HttpResponse {
            status,
            headers,
            body,
        })
    }
    .await;
    if let Some(h) = timer {
        window.clear_timeout_with_handle(h);
    }
    drop(on_timeout);
    t.abort.controller.borrow_mut().take();
    result
}

/// Waits `ms` milliseconds in slices, ending early (with `false`) when the run is cancelled.
pub async fn sleep_ms(ms: u64, abort: &Abort) -> bool {
    let mut left = ms;
    loop {
        if abort.is_cancelled() {
            return false;
        }
        if left == 0 {
            return true;
        }
        let slice = left.min(200);
        tick(slice).await;
        left -= slice;
    }
}

/// One `setTimeout` as a future (resolves at once off the browser).
pub async fn tick(ms: u64) {
    #[cfg(target_arch = "wasm32")]
    {
        let ms = i32::try_from(ms).unwrap_or(i32::MAX);
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            let scheduled = web_sys::window().and_then(|w| {
                w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
                    .ok()
            });
            if scheduled.is_none() {
                let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
            }
        });
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = ms;
    }
}

/// Milliseconds since the epoch (0 off the browser).
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}
