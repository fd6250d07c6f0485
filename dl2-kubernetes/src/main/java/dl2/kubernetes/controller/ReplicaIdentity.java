package dl2.kubernetes.controller;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The name this replica holds the Lease under, unless --identity gives one: in a pod its name (the
 * HOSTNAME the Deployment sets); elsewhere the host's name and the process id, since a shell does
 * not export HOSTNAME and two replicas of one name would both believe they lead.
 */
public final class ReplicaIdentity {
  private ReplicaIdentity() {}

  public static String ofThisProcess() {
    String hostname = System.getenv("HOSTNAME");
    if (System.getenv("KUBERNETES_SERVICE_HOST") != null
        && hostname != null
        && !hostname.isBlank()) {
      return hostname;
    }
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      host = hostname == null || hostname.isBlank() ? "dl2-controller" : hostname;
    }
    return host + "-" + ProcessHandle.current().pid();
  }
}
