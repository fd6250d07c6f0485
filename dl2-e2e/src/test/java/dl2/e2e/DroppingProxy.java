package dl2.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on loopback in front of the API server that can drop every connection and refuse
 * new ones for a while: what a controller sees when the API server restarts or the network
 * fails, portably (no API server has to be restarted). TLS passes through untouched.
 */
final class DroppingProxy implements AutoCloseable {
  private final InetSocketAddress target;
  private final List<Socket> open = new CopyOnWriteArrayList<>();
  private volatile ServerSocket listener;
  private volatile int port;
  private volatile boolean closed;

  private DroppingProxy(InetSocketAddress target) {
    this.target = target;
  }

  /** Listens on a free loopback port and forwards every connection to {@code host:port}. */
  static DroppingProxy start(String host, int targetPort) throws IOException {
    DroppingProxy proxy = new DroppingProxy(new InetSocketAddress(host, targetPort));
    proxy.listen(0);
    return proxy;
  }

  int port() {
    return port;
  }

  private synchronized void listen(int wanted) throws IOException {
    ServerSocket socket = new ServerSocket();
    socket.setReuseAddress(true);
    socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), wanted));
    listener = socket;
    port = socket.getLocalPort();
    Thread accepting = new Thread(() -> accept(socket), "dl2-e2e-proxy-accept");
    accepting.setDaemon(true);
    accepting.start();
  }

  private void accept(ServerSocket socket) {
    while (!socket.isClosed()) {
      try {
        Socket client = socket.accept();
        Socket server = new Socket(target.getHostString(), target.getPort());
        open.add(client);
        open.add(server);
        pipe(client, server);
        pipe(server, client);
      } catch (IOException e) {
        return; // closed: dropped or shut down
      }
    }
  }

  private void pipe(Socket from, Socket to) {
    Thread thread = new Thread(() -> {
      byte[] buffer = new byte[16 * 1024];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        for (int n; (n = in.read(buffer)) >= 0; ) {
          out.write(buffer, 0, n);
          out.flush();
        }
      } catch (IOException e) {
        // one side went away: both go
      } finally {
        closeQuietly(from);
        closeQuietly(to);
      }
    }, "dl2-e2e-proxy-pipe");
    thread.setDaemon(true);
    thread.start();
  }

  /** Closes every connection and stops listening: clients get resets, then refused connections. */
  synchronized void drop() {
    closeQuietly(listener);
    for (Socket socket : open) {
      closeQuietly(socket);
    }
    open.clear();
  }

  /** Listens again on the same port. */
  synchronized void resume() throws IOException {
    if (!closed) {
      listen(port);
    }
  }

  private static void closeQuietly(java.io.Closeable closeable) {
    try {
      if (closeable != null) {
        closeable.close();
      }
    } catch (IOException e) {
      // already closed
    }
  }

  @Override
  public synchronized void close() {
    closed = true;
    drop();
  }

  static boolean isLoopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (IOException e) {
      return false;
    }
  }
}
