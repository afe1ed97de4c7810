//! The browser side of the LLM calls: `fetch` through `gloo-net` with an `AbortController`
//! (cancel and time limit, a `gloo-timers` timeout), a cancellable sleep for back-off, and a
//! wall clock. Requests go straight from this page to
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

/// One request through `gloo-net`: its own `AbortController` (so [`Abort::cancel`] and the
/// time limit can stop it), the time limit a `gloo-timers` timeout that aborts it.
#[cfg(target_arch = "wasm32")]
async fn fetch(t: &BrowserTransport, request: &HttpRequest) -> Result<HttpResponse, LlmError> {
    use gloo_net::http::{Headers, Method, RequestBuilder};

    let fail = |what: &str| LlmError::network(what, &t.config.api_key);
    let method = Method::from_bytes(request.method.as_bytes())
        .map_err(|_| fail("the method is not valid"))?;
    // Checked one by one, so a bad header is named (gloo's `Headers::set` would throw).
    let headers = web_sys::Headers::new().map_err(|_| fail("could not create headers"))?;
    for (k, v) in &request.headers {
        headers
            .set(k, v)
            .map_err(|_| fail(&format!("the header '{k}' is not valid")))?;
    }
    let controller = web_sys::AbortController::new().map_err(|_| fail("no AbortController"))?;
    let sent = RequestBuilder::new(&request.url)
        .method(method)
        .headers(Headers::from_raw(headers))
        .abort_signal(Some(&controller.signal()))
        .body(request.body_text())
        .map_err(|e| fail(&e.to_string()))?;
    *t.abort.controller.borrow_mut() = Some(controller.clone());

    let timed_out = Rc::new(Cell::new(false));
    let ms = u32::try_from(t.timeout_secs.saturating_mul(1000)).unwrap_or(u32::MAX);
    // Cancelled when dropped, at the end of this function.
    let _timer = {
        let timed_out = timed_out.clone();
        gloo_timers::callback::Timeout::new(ms, move || {
            timed_out.set(true);
            controller.abort();
        })
    };
    let why = |err: gloo_net::Error| {
        if timed_out.get() {
            LlmError::Timeout {
                secs: t.timeout_secs,
            }
        } else if t.abort.is_cancelled() {
            LlmError::Cancelled
        } else {
            // The browser hides CORS and network details from the page: only a TypeError
            // such as "Failed to fetch" comes back.
            let detail = match err {
                gloo_net::Error::JsError(e) => e.message,
                other => other.to_string(),
            };
            LlmError::network(&detail, &t.config.api_key)
        }
    };
    let result = async {
        let response = sent.send().await.map_err(&why)?;
        let status = response.status();
        let headers = ["retry-after", "content-type"]
            .into_iter()
            .filter_map(|name| Some((name.to_string(), response.headers().get(name)?)))
            .collect();
        let body = response.text().await.map_err(&why)?;
        Ok(HttpResponse {
            status,
            headers,
            body,
        })
    }
    .await;
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

/// One timer as a future (resolves at once off the browser).
pub async fn tick(ms: u64) {
    #[cfg(target_arch = "wasm32")]
    gloo_timers::future::TimeoutFuture::new(u32::try_from(ms).unwrap_or(u32::MAX)).await;
    #[cfg(not(target_arch = "wasm32"))]
    let _ = ms;
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
