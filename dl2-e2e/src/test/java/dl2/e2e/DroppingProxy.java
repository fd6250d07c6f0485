package dl2.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A TCP proxy on loopback in front of the API server that can drop every connection and refuse new
 * ones for a while: what a controller sees when the API server restarts or the network fails,
 * portably (no API server has to be restarted). TLS passes through untouched.
 *
 * <p>Closing a {@link ServerSocket} does not wake a thread blocked in its accept(), and the socket
 * keeps listening until that call returns: the next client would still be accepted and forwarded.
 * So {@link #drop} wakes the accepting thread with a connection of its own and waits until it has
 * ended, and the thread forwards a connection only while the proxy is not dropped (checked under
 * the same lock that drop takes), closing anything it accepted after the drop.
 */
final class DroppingProxy implements AutoCloseable {
  private static final int WAKE_TIMEOUT_MS = 2_000;

  private final InetSocketAddress target;
  private final List<Socket> open = new ArrayList<>(); // guarded by this
  private ServerSocket listener; // guarded by this
  private Thread accepting; // guarded by this
  private boolean dropped; // guarded by this
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
    dropped = false;
    accepting = new Thread(() -> accept(socket), "dl2-e2e-proxy-accept");
    accepting.setDaemon(true);
    accepting.start();
  }

  private void accept(ServerSocket socket) {
    while (true) {
      Socket client;
      try {
        client = socket.accept();
      } catch (IOException e) {
        return; // closed: dropped or shut down
      }
      if (!forward(socket, client)) {
        closeQuietly(client);
        return;
      }
    }
  }

  /**
   * Connects {@code client} to the target and pipes both ways; false if the proxy was dropped
   * meanwhile.
   */
  private synchronized boolean forward(ServerSocket socket, Socket client) {
    if (dropped || socket != listener) {
      return false;
    }
    try {
      Socket server = new Socket(target.getHostString(), target.getPort());
      open.add(client);
      open.add(server);
      pipe(client, server);
      pipe(server, client);
    } catch (IOException e) {
      closeQuietly(client); // the target is down: this client sees a closed connection
    }
    return true;
  }

  private void pipe(Socket from, Socket to) {
    Thread thread =
        new Thread(
            () -> {
              byte[] buffer = new byte[16 * 1024];
              try (InputStream in = from.getInputStream();
                  OutputStream out = to.getOutputStream()) {
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
            },
            "dl2-e2e-proxy-pipe");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Closes every connection and stops listening: clients get resets, then refused connections.
   * Returns once nothing listens on the port any more.
   */
  void drop() throws InterruptedException {
    Thread stopping;
    synchronized (this) {
      dropped = true;
      closeQuietly(listener);
      open.forEach(DroppingProxy::closeQuietly);
      open.clear();
      stopping = accepting;
    }
    if (stopping == null || !stopping.isAlive()) {
      return;
    }
    try (Socket wake = new Socket()) {
      wake.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), WAKE_TIMEOUT_MS);
    } catch (IOException e) {
      // refused: the socket has already stopped listening
    }
    stopping.join(WAKE_TIMEOUT_MS);
    if (stopping.isAlive()) {
      throw new IllegalStateException("the proxy's accepting thread did not end after the drop");
    }
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
  public void close() throws InterruptedException {
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
