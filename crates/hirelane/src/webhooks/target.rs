//! Where a webhook may be sent (SSRF): the URL's host is resolved and every address it names
//! must be public, at subscription and again before each delivery (DNS may change in
//! between); the delivery then connects to the very address that was checked.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::Url;

/// Why a URL is not a target.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("not an absolute http(s) URL with a host")]
    Malformed,
    #[error("only https:// endpoints are allowed")]
    NotHttps,
    #[error("URLs with a user name or password are not allowed")]
    Credentials,
    #[error("the host {0} cannot be resolved")]
    Unresolved(String),
    #[error(
        "the host resolves to {0}, a private, loopback, link-local or otherwise internal address"
    )]
    Private(IpAddr),
}

/// A checked target: the URL, and the address to connect to when the host is a name.
#[derive(Debug, Clone)]
pub struct Target {
    pub url: Url,
    pub pinned: Option<(String, SocketAddr)>,
}

/// Parses `raw` as an endpoint URL (https only, unless `allow_private`).
pub fn parse(raw: &str, allow_private: bool) -> Result<Url, Refusal> {
    let url = Url::parse(raw.trim()).map_err(|_| Refusal::Malformed)?;
    if url.host().is_none() || !matches!(url.scheme(), "https" | "http") {
        return Err(Refusal::Malformed);
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(Refusal::Credentials);
    }
    if url.scheme() == "http" && !allow_private {
        return Err(Refusal::NotHttps);
    }
    Ok(url)
}

/// Resolves the URL's host and checks every address it names.
pub async fn resolve(url: &Url, allow_private: bool) -> Result<Target, Refusal> {
    let host = url.host_str().ok_or(Refusal::Malformed)?;
    let port = url.port_or_known_default().ok_or(Refusal::Malformed)?;
    // The URL parser writes address hosts in their canonical form ("0x7f.1" is 127.0.0.1),
    // IPv6 ones in brackets.
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    if let Ok(ip) = bare.parse::<IpAddr>() {
        check(ip, allow_private)?;
        return Ok(Target {
            url: url.clone(),
            pinned: None,
        });
    }
    let unresolved = || Refusal::Unresolved(host.to_owned());
    let addresses: Vec<SocketAddr> = tokio::net::lookup_host((host, port))
        .await
        .map_err(|_| unresolved())?
        .collect();
    // Every address must pass: a name with one public and one private address could otherwise
    // be connected to the private one.
    for address in &addresses {
        check(address.ip(), allow_private)?;
    }
    let first = addresses.first().copied().ok_or_else(unresolved)?;
    Ok(Target {
        url: url.clone(),
        pinned: Some((host.to_owned(), first)),
    })
}

fn check(ip: IpAddr, allow_private: bool) -> Result<(), Refusal> {
    if allow_private || is_public(ip) {
        Ok(())
    } else {
        Err(Refusal::Private(ip))
    }
}

/// Whether `ip` is an ordinary Internet address (not loopback, private, link-local, CGNAT,
/// unspecified, multicast, broadcast, documentation or an IPv4 one written in IPv6).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    let cgnat = a == 100 && (64..128).contains(&b);
    let this_network = a == 0;
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || cgnat
        || this_network
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    let unique_local = first & 0xfe00 == 0xfc00;
    let link_local = first & 0xffc0 == 0xfe80;
    // ::a.b.c.d (IPv4-compatible, deprecated) and 64:ff9b::/96 (NAT64) reach IPv4 addresses.
    let embeds_v4 =
        ip.segments()[..6] == [0; 6] || ip.segments()[..6] == [0x64, 0xff9b, 0, 0, 0, 0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || unique_local
        || link_local
        || embeds_v4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_addresses_are_refused_and_public_ones_pass() {
        let refused = [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "224.0.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fc00::1",
            "fd12::1",
            "fe80::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "64:ff9b::a00:1",
        ];
        for ip in refused {
            let ip: IpAddr = ip.parse().expect("an address");
            assert!(!is_public(ip), "{ip} must be refused");
        }
        for ip in [
            "93.184.216.34",
            "1.1.1.1",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
        ] {
            let ip: IpAddr = ip.parse().expect("an address");
            assert!(is_public(ip), "{ip} is public");
        }
    }

    #[test]
    fn only_https_urls_without_credentials_parse() {
        assert_eq!(parse("ftp://example.com/", false), Err(Refusal::Malformed));
        assert_eq!(parse("not a url", false), Err(Refusal::Malformed));
        assert_eq!(parse("http://example.com/", false), Err(Refusal::NotHttps));
        assert!(parse("http://example.com/", true).is_ok());
        assert_eq!(
            parse("https://user:pw@example.com/", false),
            Err(Refusal::Credentials)
        );
        assert!(parse("https://example.com/hooks", false).is_ok());
    }

    #[tokio::test]
    async fn literal_and_named_private_hosts_are_refused() {
        let url = parse("https://127.0.0.1:8443/", false).expect("parses");
        let refused = resolve(&url, false).await.map(|_| ());
        assert!(matches!(refused, Err(Refusal::Private(_))));
        let url = parse("https://[::ffff:192.168.0.1]/", false).expect("parses");
        let refused = resolve(&url, false).await.map(|_| ());
        assert!(matches!(refused, Err(Refusal::Private(_))));
        let url = parse("https://0x7f.1/", false).expect("parses");
        let refused = resolve(&url, false).await.map(|_| ());
        assert!(
            matches!(refused, Err(Refusal::Private(_))),
            "hex IPv4 is loopback"
        );
        let url = parse("https://localhost:8443/", false).expect("parses");
        let refused = resolve(&url, false).await.map(|_| ());
        assert!(matches!(refused, Err(Refusal::Private(_))));
        let allowed = resolve(&url, true).await.expect("allowed by the setting");
        assert!(allowed.pinned.is_some());
    }
}
