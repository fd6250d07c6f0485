package dl2.kubernetes.api;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * A failure in plain words for the operator, never a Java class name: what the API server answered
 * (its code and its own message), or why no answer came (connection refused, timeout, TLS...).
 */
public final class FailureMessage {
  private FailureMessage() {}

  /** E.g. {@code get configmaps dl2-controller-state: connection refused}. */
  public static String of(Throwable failure) {
    if (failure instanceof KubernetesClientException e) {
      String call = call(e);
      return (call.isEmpty() ? "" : call + ": ") + (e.getCode() > 0 ? answer(e) : transport(e, ""));
    }
    String message = failure.getMessage();
    return message == null || message.isBlank()
        ? "an internal error without a message (set DL2_DEBUG=1 for a stack trace)"
        : firstLine(message);
  }

  /** The server's answer: its code and, when it gave one, its message. */
  static String answer(KubernetesClientException e) {
    String message = e.getStatus() == null ? null : e.getStatus().getMessage();
    return "the server answered HTTP "
        + e.getCode()
        + (message == null || message.isBlank() ? "" : " (" + firstLine(message) + ")");
  }

  /** Why a call got no answer, most specific cause first; {@code host} names an unknown host. */
  static String transport(Throwable e, String host) {
    List<Throwable> chain = new ArrayList<>();
    for (Throwable t = e; t != null && !chain.contains(t); t = t.getCause()) {
      chain.add(t);
    }
    // The JDK reports an unknown host as a ConnectException caused by it.
    if (has(chain, UnknownHostException.class)
        || has(chain, java.nio.channels.UnresolvedAddressException.class)) {
      return host.isEmpty() ? "unknown host" : "unknown host " + host;
    }
    if (has(chain, SSLException.class)) {
      return "TLS handshake failed";
    }
    if (has(chain, HttpConnectTimeoutException.class)
        || has(chain, java.net.SocketTimeoutException.class)) {
      return "no connection within " + ClusterConnection.CONNECT_TIMEOUT_MILLIS / 1000 + " s";
    }
    if (has(chain, HttpTimeoutException.class) || has(chain, TimeoutException.class)) {
      return "no answer within " + ClusterConnection.REQUEST_TIMEOUT_MILLIS / 1000 + " s";
    }
    if (has(chain, NoRouteToHostException.class)) {
      return "no route to the host";
    }
    if (has(chain, ConnectException.class)) {
      return "connection refused";
    }
    if (has(chain, java.io.EOFException.class)
        || has(chain, java.nio.channels.ClosedChannelException.class)) {
      return "the connection closed before the answer";
    }
    Throwable root = chain.get(chain.size() - 1);
    if (root instanceof IOException && root.getMessage() != null) {
      return firstLine(root.getMessage()).toLowerCase(Locale.ROOT);
    }
    return "no answer from the API server";
  }

  /** The call that failed, e.g. {@code create pods a-worker-0}, when fabric8 recorded it. */
  private static String call(KubernetesClientException e) {
    String resource = e.getResourcePlural();
    if (resource == null) {
      return "";
    }
    return (e.getName() == null ? resource : resource + " " + e.getName());
  }

  private static boolean has(List<Throwable> chain, Class<? extends Throwable> type) {
    return chain.stream().anyMatch(type::isInstance);
  }

  static String firstLine(String message) {
    return message == null ? "no detail" : message.lines().findFirst().orElse("no detail");
  }
}
