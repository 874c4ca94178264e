vcl 4.1;
# A shared cache in front of haproxy (Varnish 7 with varnish-modules' xkey; Debian: apt-get
# install varnish varnish-modules): the stand-in for a CDN. It keeps only what the portal marks
# for shared caches (`public, … s-maxage=…`: the public pages, decision 0033), serves it stale
# while it fetches a fresh copy (`stale-while-revalidate`), and drops pages by their tags when
# their rows change: the app servers send each page's tags in an `xkey` header (CDN_TAG_HEADER=xkey)
# and the background worker sends `PURGE` with `xkey-purge: <tags>` (CDN_PURGE_URLS).
# Everything per visitor passes through untouched: server islands, logged-in pages, answers
# that set a cookie or say private/no-store. See docs/operations.md.
#
#   varnishd -a :6081 -f deploy/varnish.vcl -s malloc,1g
# The backend below is haproxy on this machine; change .host/.port for yours.

import std;
import xkey;

backend haproxy {
    .host = "127.0.0.1";
    .port = "8080";
    .connect_timeout = 5s;
    # SPEC section 9: requests time out after 60 s, resume uploads after 120 s.
    .first_byte_timeout = 125s;
    .between_bytes_timeout = 60s;
    .probe = {
        .request = "GET /readyz HTTP/1.1" "Host: localhost" "Connection: close";
        .interval = 2s;
        .timeout = 2s;
        .window = 3;
        .threshold = 2;
    }
}

# Who may purge: the background workers' machines.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.xkey-purge) {
            set req.http.x-purged = xkey.purge(req.http.xkey-purge);
            return (synth(200, "Purged " + req.http.x-purged));
        }
        return (purge);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Server islands carry the visitor's own parts (account menu, cart, bell): never shared.
    if (req.url ~ "^/_server-islands/") {
        return (pass);
    }
    # A cached public page is the same for every visitor, so it is looked up without cookies;
    # on a miss the backend still gets them (vcl_backend_fetch) and only an answer marked for
    # shared caches is kept (vcl_backend_response).
    if (req.http.Cookie) {
        set req.http.x-cookie = req.http.Cookie;
        unset req.http.Cookie;
    }
    return (hash);
}

sub vcl_backend_fetch {
    if (bereq.http.x-cookie) {
        set bereq.http.Cookie = bereq.http.x-cookie;
        unset bereq.http.x-cookie;
    }
}

sub vcl_backend_response {
    # Only what the portal marks for shared caches, with no cookie set, is kept; anything else
    # is fetched for each visitor (hit-for-miss, so no visitor ever waits on another's answer).
    if (beresp.http.Cache-Control !~ "(^|,)\s*public\s*(,|$)" ||
        beresp.http.Cache-Control !~ "s-maxage=" ||
        beresp.http.Cache-Control ~ "private|no-store" ||
        beresp.http.Set-Cookie ||
        beresp.status != 200) {
        set beresp.uncacheable = true;
        set beresp.ttl = 60s;
        return (deliver);
    }
    if (beresp.http.Cache-Control ~ "stale-while-revalidate=\d+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, ".*stale-while-revalidate=(\d+).*", "\1s"), 0s);
    }
    return (deliver);
}

sub vcl_deliver {
    # The tags are for this cache only.
    unset resp.http.xkey;
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } else if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
