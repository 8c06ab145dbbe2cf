/* cairn-key-guard.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-key-guard"

#include "config.h"

#include "widgets/cairn-key-guard.h"

/* A dialog that can allow a tool comes up while the user may be typing
 * in the composer: a Return meant for the prompt must not answer it. The
 * guard keeps the window's allowing controls off for CAIRN_KEY_GUARD_MS
 * after it is shown, and after that for as long as a key is held: one
 * pressed in the window, or one held from before (seen only by its
 * release, or by its auto-repeat). */

typedef struct
{
  GtkWidget         *window;   /* not a reference: the guard is its data */
  CairnKeyGuardFunc  func;
  GHashTable        *held;     /* hardware keycodes pressed, not released */
  guint              timeout_id;
  gboolean           armed;
} Guard;

static void
guard_free (Guard *guard)
{
  g_clear_handle_id (&guard->timeout_id, g_source_remove);
  g_clear_pointer (&guard->held, g_hash_table_unref);
  g_free (guard);
}

static void
set_armed (Guard    *guard,
           gboolean  armed)
{
  guard->armed = armed;
  guard->func (guard->window, armed);
}

static void
maybe_arm (Guard *guard)
{
  if (!guard->armed && guard->timeout_id == 0 && g_hash_table_size (guard->held) == 0)
    set_armed (guard, TRUE);
}

static gboolean
settled_cb (gpointer data)
{
  Guard *guard = data;

  guard->timeout_id = 0;
  maybe_arm (guard);
  return G_SOURCE_REMOVE;
}

static void
disarm (Guard *guard)
{
  g_clear_handle_id (&guard->timeout_id, g_source_remove);
  guard->timeout_id = g_timeout_add (CAIRN_KEY_GUARD_MS, settled_cb, guard);
  set_armed (guard, FALSE);
}

static void
map_cb (GtkWidget *window,
        Guard     *guard)
{
  g_hash_table_remove_all (guard->held);
  disarm (guard);
}

static void
unmap_cb (GtkWidget *window,
          Guard     *guard)
{
  g_clear_handle_id (&guard->timeout_id, g_source_remove);
}

/* A key released in another window leaves no release here. */
static void
active_cb (GtkWindow  *window,
           GParamSpec *pspec,
           Guard      *guard)
{
  if (gtk_window_is_active (window))
    return;
  g_hash_table_remove_all (guard->held);
  maybe_arm (guard);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                Guard                 *guard)
{
  g_hash_table_add (guard->held, GUINT_TO_POINTER (keycode));
  if (guard->armed)
    return GDK_EVENT_PROPAGATE;
  /* still off: the key does nothing here (not even move focus) */
  return GDK_EVENT_STOP;
}

static void
key_released_cb (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 Guard                 *guard)
{
  g_hash_table_remove (guard->held, GUINT_TO_POINTER (keycode));
  maybe_arm (guard);
}

/**
 * cairn_key_guard_attach:
 * @func: turns the window's allowing controls on or off
 *
 * Guards @window from the time it is mapped; @func is called with FALSE
 * at each map and with TRUE once the window may be answered.
 */
void
cairn_key_guard_attach (GtkWidget         *window,
                        CairnKeyGuardFunc  func)
{
  GtkEventController *keys = gtk_event_controller_key_new ();
  Guard *guard = g_new0 (Guard, 1);

  guard->window = window;
  guard->func = func;
  guard->held = g_hash_table_new (NULL, NULL);
  g_object_set_data_full (G_OBJECT (window), "cairn-key-guard", guard, (GDestroyNotify)guard_free);
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), guard);
  g_signal_connect (keys, "key-released", G_CALLBACK (key_released_cb), guard);
  gtk_widget_add_controller (window, keys);
  g_signal_connect (window, "map", G_CALLBACK (map_cb), guard);
  g_signal_connect (window, "unmap", G_CALLBACK (unmap_cb), guard);
  g_signal_connect (window, "notify::is-active", G_CALLBACK (active_cb), guard);
}

/* Whether the window's allowing controls are on. */
gboolean
cairn_key_guard_is_armed (GtkWidget *window)
{
  Guard *guard = g_object_get_data (G_OBJECT (window), "cairn-key-guard");

  return guard != NULL && guard->armed;
}
