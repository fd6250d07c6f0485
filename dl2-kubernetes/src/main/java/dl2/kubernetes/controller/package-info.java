/**
 * The per-slot controller: {@code SlotController} observes nodes, DL2Jobs and reported progress,
 * runs any scheduler unchanged on a {@code dl2.slot.ClusterSlot} (its host, {@code LiveSlot}, holds
 * the slot's jobs and answers dry runs), applies the result with a driver, and writes statuses and
 * events; {@code ControllerLoop} runs it once per slot with leader election. Every slot is rebuilt
 * from the cluster alone, so a redone slot changes nothing twice. Admission and validation, speed
 * estimates from reports, metrics, events and shadow recording live here too.
 */
package dl2.kubernetes.controller;
