package dl2.traces.data;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A file server on loopback for fetch tests: serves {@code PATH -> bytes}, records every request,
 * and can send a file cut in half (the full length announced, half the bytes sent, the connection
 * closed) or other bytes than it holds.
 */
final class TraceServer implements AutoCloseable {
  private final HttpServer server;
  private final Map<String, byte[]> files = new ConcurrentHashMap<>();
  private final Map<String, byte[]> replaced = new ConcurrentHashMap<>();
  private final Map<String, Boolean> cut = new ConcurrentHashMap<>();
  final List<String> requests = new CopyOnWriteArrayList<>();

  TraceServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::serve);
    server.start();
  }

  URI base() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mirror/");
  }

  TraceServer put(String path, byte[] content) {
    files.put(path, content);
    return this;
  }

  /** The next requests of {@code path} get {@code content} instead, until {@link #heal}. */
  void replace(String path, byte[] content) {
    replaced.put(path, content);
  }

  /** The next requests of {@code path} stop half way, until {@link #heal}. */
  void cut(String path) {
    cut.put(path, true);
  }

  void heal() {
    replaced.clear();
    cut.clear();
  }

  private void serve(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath().substring("/mirror/".length());
    requests.add(path);
    byte[] content = replaced.getOrDefault(path, files.get(path));
    if (content == null) {
      exchange.sendResponseHeaders(404, -1);
      exchange.close();
      return;
    }
    exchange.sendResponseHeaders(200, content.length);
    OutputStream body = exchange.getResponseBody();
    if (cut.containsKey(path)) {
      body.write(content, 0, content.length / 2);
      body.flush();
      throw new IOException(
          "cut on purpose"); // the server closes the connection: the body ends early
    }
    body.write(content);
    exchange.close();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
