package dl2.emulator;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The emulated cluster's persistent volumes: each PersistentVolumeClaim is a directory of this
 * machine, and a pod the emulated kubelet runs sees it where the pod mounts it: a path under the
 * mount in the pod's arguments, or in an exec into it, is that directory's. Removed with the
 * cluster.
 */
final class EmulatedVolumes implements AutoCloseable {
  private Path root;

  /** Per pod (namespace/name): each PVC mount path and the directory behind it. */
  private final Map<String, Map<String, Path>> mounts = new ConcurrentHashMap<>();

  /** The directory of claim {@code claim} in {@code namespace}, made on first use. */
  synchronized Path claim(String namespace, String claim) {
    try {
      if (root == null) {
        root = Files.createTempDirectory("dl2-emulated-volumes-");
      }
      return Files.createDirectories(root.resolve(namespace).resolve(claim));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Gives {@code pod} the claims it mounts (its first container's mounts), as a kubelet does when
   * it starts the pod.
   */
  void mount(Pod pod) {
    String namespace = pod.getMetadata().getNamespace();
    Map<String, String> claims = new LinkedHashMap<>();
    for (Volume volume :
        pod.getSpec().getVolumes() == null ? List.<Volume>of() : pod.getSpec().getVolumes()) {
      if (volume.getPersistentVolumeClaim() != null) {
        claims.put(volume.getName(), volume.getPersistentVolumeClaim().getClaimName());
      }
    }
    Map<String, Path> paths = new LinkedHashMap<>();
    Container container = pod.getSpec().getContainers().get(0);
    for (VolumeMount mount :
        container.getVolumeMounts() == null
            ? List.<VolumeMount>of()
            : container.getVolumeMounts()) {
      if (claims.containsKey(mount.getName())) {
        paths.put(mount.getMountPath(), claim(namespace, claims.get(mount.getName())));
      }
    }
    mounts.put(namespace + "/" + pod.getMetadata().getName(), paths);
  }

  /**
   * Where {@code path} in pod {@code namespace/pod} is on this machine; null if on no volume it
   * mounts.
   */
  Path host(String namespace, String pod, String path) {
    for (Map.Entry<String, Path> mount :
        mounts.getOrDefault(namespace + "/" + pod, Map.of()).entrySet()) {
      String prefix = mount.getKey().endsWith("/") ? mount.getKey() : mount.getKey() + "/";
      if (path.equals(mount.getKey()) || path.startsWith(prefix)) {
        return mount.getValue().resolve(path.substring(Math.min(path.length(), prefix.length())));
      }
    }
    return null;
  }

  /** The pod's arguments with every path on a mounted volume replaced by this machine's. */
  List<String> hostArgs(Pod pod, List<String> args) {
    List<String> mapped = new ArrayList<>(args.size());
    for (String arg : args) {
      Path host =
          arg.startsWith("/")
              ? host(pod.getMetadata().getNamespace(), pod.getMetadata().getName(), arg)
              : null;
      mapped.add(host == null ? arg : host.toString());
    }
    return mapped;
  }

  @Override
  public synchronized void close() {
    if (root != null) {
      try (Stream<Path> files = Files.walk(root)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException e) {
        // a temporary directory: the system cleans it up
      }
    }
  }
}
