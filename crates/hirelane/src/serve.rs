//! The accept loop. `axum::serve` sets no header-read timeout, so a client that sends its
//! headers a byte at a time (slowloris) could hold a connection and its task for ever; this loop
//! is axum's with hyper's timer and `header_read_timeout` switched on, and the same graceful
//! shutdown: stop accepting, let requests in flight finish.

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::{Service, ServiceExt};

/// Serves `router` on `listener` until `shutdown` completes, then waits for open connections
/// to finish their requests.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    header_read_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let mut make_service = router.into_make_service_with_connect_info::<SocketAddr>();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(header_read_timeout);
    // Graceful shutdown by hand: hyper-util's `GracefulShutdown` cannot watch an upgradeable
    // connection. Each connection's task holds a sender; when the last one is gone, every
    // request in flight has finished.
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let (alive, mut all_done) = tokio::sync::mpsc::channel::<()>(1);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors and the like: wait instead of spinning.
                    tracing::warn!(error = %err, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = match make_service.call(remote).await {
            Ok(service) => service,
            Err(never) => match never {},
        };
        let service = TowerToHyperService::new(
            service.map_request(|request: Request<Incoming>| request.map(Body::new)),
        );
        // Upgradeable: the self-hosted interview's audio runs over a WebSocket (its task goes
        // on by itself once the connection hands it over).
        let connection = http
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let (alive, mut stopping) = (alive.clone(), stopping.clone());
        tokio::spawn(async move {
            let _alive = alive;
            let mut connection = std::pin::pin!(connection);
            let result = tokio::select! {
                result = connection.as_mut() => result,
                () = async { drop(stopping.wait_for(|stop| *stop).await) } => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(err) = result {
                tracing::debug!(error = %err, %remote, "connection ended with an error");
            }
        });
    }
    drop(listener);
    let _ = stop.send(true);
    drop(alive);
    let _ = all_done.recv().await;
    Ok(())
}
