/* cairn-terminal.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-terminal"
#define PCRE2_CODE_UNIT_WIDTH 0

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <pcre2.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vte/vte.h>

#include "protocol/cairn-launcher.h"
#include "widgets/cairn-terminal-links.h"
#include "widgets/cairn-terminal-pty.h"
#include "widgets/cairn-terminal.h"

/* A terminal for the CLI's own interface, a shell, or a command Cairn
 * runs for the user (signing in, installing): VTE, as GNOME Console uses,
 * dressed as Console dresses it: the desktop's monospace font, the
 * style's colours (light and dark), Ctrl+Shift+C/V, zoom, search in a
 * bounded scrollback. A child that ends leaves its exit status and
 * Restart. The argv is the caller's, built by code
 * (core/protocol/cairn-terminal-command.c). */

#define SCROLLBACK_LINES 10000
/* A child that ignores SIGHUP is killed this long after it. */
#define KILL_AFTER_S 3
/* A child that ended while something it started holds the PTY open:
 * its exit is said this long after, as VTE does. */
#define EOF_WAIT_S 2
#define FALLBACK_FONT "Monospace 11"
#define INTERFACE_SCHEMA "org.gnome.desktop.interface"

struct _CairnTerminal
{
  GtkWidget       parent_instance;

  VteTerminal    *vte;
  GtkSearchBar   *search_bar;
  GtkSearchEntry *search_entry;
  GtkRevealer    *exit_bar;
  GtkLabel       *exit_label;
  GSettings      *interface_settings;
  AdwStyleManager *style;
  GCancellable   *spawning;

  GStrv           argv;
  char           *cwd;
  gboolean        in_flatpak;
  GPid            pid;
  CairnTerminalPty *pty;
  guint           eof_wait;
  guint           generation;
  int             status;
  gboolean        reaped, output_ended;
};

G_DEFINE_FINAL_TYPE (CairnTerminal, cairn_terminal, GTK_TYPE_WIDGET)

enum { SIGNAL_STARTED, SIGNAL_EXITED, N_SIGNALS };
static guint signals[N_SIGNALS];

enum { PROP_0, PROP_RUNNING, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* Console's palette (Tango-like), over libadwaita's view colours. */
static const char *palette_light[16] = {
  "#241f31", "#c01c28", "#2ec27e", "#f5c211", "#1e78e4", "#9841bb", "#0ab9dc", "#c0bfbc",
  "#5e5c64", "#ed333b", "#57e389", "#f8e45c", "#51a1ff", "#c061cb", "#4fd2fd", "#f6f5f4",
};

static void
apply_colors (CairnTerminal *self)
{
  gboolean dark = adw_style_manager_get_dark (self->style);
  GdkRGBA fg, bg, palette[16];

  gdk_rgba_parse (&fg, dark ? "#ffffff" : "#000000");
  gdk_rgba_parse (&bg, dark ? "#1e1e1e" : "#ffffff");
  for (guint i = 0; i < 16; i++)
    gdk_rgba_parse (&palette[i], palette_light[i]);
  vte_terminal_set_colors (self->vte, &fg, &bg, palette, 16);
}

static void
apply_font (CairnTerminal *self)
{
  g_autofree char *name = NULL;
  g_autoptr(PangoFontDescription) font = NULL;

  if (self->interface_settings != NULL)
    name = g_settings_get_string (self->interface_settings, "monospace-font-name");
  font = pango_font_description_from_string (name && *name ? name : FALLBACK_FONT);
  vte_terminal_set_font (self->vte, font);
}

/* The desktop's schema may be missing (another desktop, a bare
 * session): then the fallback font, and nothing to follow. */
static void
watch_font (CairnTerminal *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = source ? g_settings_schema_source_lookup (source, INTERFACE_SCHEMA, TRUE) : NULL;

  if (schema != NULL && g_settings_schema_has_key (schema, "monospace-font-name"))
    {
      self->interface_settings = g_settings_new (INTERFACE_SCHEMA);
      g_signal_connect_object (self->interface_settings, "changed::monospace-font-name",
                               G_CALLBACK (apply_font), self, G_CONNECT_SWAPPED);
    }
  apply_font (self);
}

static void
set_pid (CairnTerminal *self,
         GPid           pid)
{
  gboolean was = self->pid != 0;

  self->pid = pid;
  if (was != (pid != 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static char *
describe_exit (int status)
{
  if (WIFEXITED (status))
    return g_strdup_printf (_("The process ended with exit status %d."), WEXITSTATUS (status));
  if (WIFSIGNALED (status))
    return g_strdup_printf (_("The process was ended by signal %d (%s)."), WTERMSIG (status),
                            g_strsignal (WTERMSIG (status)));
  return g_strdup (_("The process ended."));
}

/* The exit is said once the child is reaped and all it printed is shown,
 * in whichever order these come. */
static void
maybe_exited (CairnTerminal *self)
{
  g_autofree char *text = NULL;

  if (!self->reaped || !self->output_ended)
    return;
  g_clear_handle_id (&self->eof_wait, g_source_remove);
  g_clear_pointer (&self->pty, cairn_terminal_pty_free);
  text = describe_exit (self->status);
  gtk_label_set_text (self->exit_label, text);
  gtk_revealer_set_reveal_child (self->exit_bar, TRUE);
  set_pid (self, 0);
  g_signal_emit (self, signals[SIGNAL_EXITED], 0, self->status);
}

static void
output_ended_cb (gpointer data)
{
  CairnTerminal *self = data;

  self->output_ended = TRUE;
  maybe_exited (self);
}

static gboolean
eof_wait_cb (gpointer data)
{
  CairnTerminal *self = data;

  self->eof_wait = 0;
  cairn_terminal_pty_stop (self->pty);
  return G_SOURCE_REMOVE;
}

/* A child watch outlives neither the terminal (a weak reference) nor its
 * turn: a child replaced by the next spawn is reaped and not said. */
typedef struct
{
  GWeakRef terminal;
  guint    generation;
} Child;

static void
child_free (gpointer data)
{
  Child *child = data;

  g_weak_ref_clear (&child->terminal);
  g_free (child);
}

static void
child_watch_cb (GPid     pid,
                int      status,
                gpointer data)
{
  Child *child = data;
  g_autoptr(CairnTerminal) self = g_weak_ref_get (&child->terminal);

  g_spawn_close_pid (pid);
  if (self == NULL || child->generation != self->generation)
    return;
  self->status = status;
  self->reaped = TRUE;
  if (!self->output_ended)
    self->eof_wait = g_timeout_add_seconds (EOF_WAIT_S, eof_wait_cb, self);
  maybe_exited (self);
}

static void
watch_child (CairnTerminal *self,
             VtePty        *pty,
             GPid           pid)
{
  Child *child = g_new0 (Child, 1);

  g_weak_ref_init (&child->terminal, self);
  child->generation = self->generation;
  g_child_watch_add_full (G_PRIORITY_DEFAULT, pid, child_watch_cb, child, child_free);
  self->pty = cairn_terminal_pty_new (CAIRN_TERMINAL_VIEW (self->vte), pty, output_ended_cb, self);
}

static void
reap_cb (GPid     pid,
         int      status,
         gpointer data)
{
  g_spawn_close_pid (pid);
}

static void
spawned_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(CairnTerminal) self = user_data;
  g_autoptr(GError) error = NULL;
  GPid pid = 0;

  if (!vte_pty_spawn_finish (VTE_PTY (source), result, &pid, &error))
    {
      g_autofree char *text = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      text = g_strdup_printf (_("The process could not be started: %s"), error->message);
      gtk_label_set_text (self->exit_label, text);
      gtk_revealer_set_reveal_child (self->exit_bar, TRUE);
      set_pid (self, 0);
      g_signal_emit (self, signals[SIGNAL_EXITED], 0, W_EXITCODE (127, 0));
      return;
    }
  if (g_cancellable_is_cancelled (self->spawning))
    {
      /* ended (or replaced) while it started */
      kill (pid, SIGHUP);
      g_child_watch_add (pid, reap_cb, NULL);
      return;
    }
  watch_child (self, VTE_PTY (source), pid);
  set_pid (self, pid);
  g_signal_emit (self, signals[SIGNAL_STARTED], 0);
}

/* Drops what the last child left: its PTY (closing it hangs its terminal
 * up) and its exit, not to be said now. */
static void
forget_child (CairnTerminal *self)
{
  self->generation++;
  g_clear_handle_id (&self->eof_wait, g_source_remove);
  g_clear_pointer (&self->pty, cairn_terminal_pty_free);
  self->reaped = self->output_ended = FALSE;
}

/* In the Flatpak the child is flatpak-spawn, and the host process behind
 * it is the one the PTY must be the controlling terminal of (job control,
 * ^C, /dev/tty): the host side makes it so (TIOCSCTTY) only if no other
 * session has it. flatpak-spawn, a relay, stays in Cairn's session: made
 * a session leader, it would take the PTY on opening it, NO_CTTY or not. */
static VtePtyFlags
pty_flags (CairnTerminal *self)
{
  return self->in_flatpak ? VTE_PTY_NO_SESSION | VTE_PTY_NO_CTTY : VTE_PTY_DEFAULT;
}

static void
start (CairnTerminal *self)
{
  int env_fd = -1;
  int map_fd = CAIRN_LAUNCHER_ENV_FD;
  g_autoptr(GError) error = NULL;
  g_autoptr(VtePty) pty = NULL;

  gtk_revealer_set_reveal_child (self->exit_bar, FALSE);
  forget_child (self);
  if ((self->in_flatpak && (env_fd = cairn_launcher_flatpak_env_fd (&error)) < 0)
      || !(pty = vte_terminal_pty_new_sync (self->vte, pty_flags (self), NULL, &error)))
    {
      if (env_fd >= 0)
        close (env_fd);
      gtk_label_set_text (self->exit_label, error->message);
      gtk_revealer_set_reveal_child (self->exit_bar, TRUE);
      set_pid (self, 0);
      return;
    }
  g_cancellable_cancel (self->spawning);
  g_set_object (&self->spawning, g_cancellable_new ());
  /* VTE makes the PTY the child's stdin, stdout, stderr and controlling
   * terminal, and takes env_fd (closing it here) as the child's fd 3. The
   * terminal itself gets no PTY: Cairn reads it (cairn-terminal-pty.c). */
  vte_pty_spawn_with_fds_async (pty, self->cwd, (const char * const *)self->argv, NULL,
                                env_fd >= 0 ? &env_fd : NULL, env_fd >= 0 ? 1 : 0,
                                env_fd >= 0 ? &map_fd : NULL, env_fd >= 0 ? 1 : 0,
                                G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, -1,
                                self->spawning, spawned_cb, g_object_ref (self));
}

/**
 * cairn_terminal_spawn:
 * @argv: the child's argv, built by code (never from stored text)
 * @cwd: (nullable): where it runs
 * @in_flatpak: whether @argv goes through flatpak-spawn, which then reads
 *   the forwarded variables on fd 3
 *
 * Starts @argv on a new PTY, after a reset of what the last child left.
 */
void
cairn_terminal_spawn (CairnTerminal      *self,
                      const char * const *argv,
                      const char         *cwd,
                      gboolean            in_flatpak)
{
  g_return_if_fail (CAIRN_IS_TERMINAL (self));
  g_return_if_fail (argv != NULL && argv[0] != NULL);

  cairn_terminal_terminate (self);
  g_strfreev (self->argv);
  self->argv = g_strdupv ((char **)argv);
  g_free (self->cwd);
  self->cwd = g_strdup (cwd);
  self->in_flatpak = in_flatpak;
  vte_terminal_reset (self->vte, TRUE, TRUE);
  start (self);
}

/* Runs the same command again. */
void
cairn_terminal_restart (CairnTerminal *self)
{
  g_return_if_fail (CAIRN_IS_TERMINAL (self));

  if (self->argv == NULL || self->pid != 0)
    return;
  vte_terminal_feed (self->vte, "\r\n", -1);
  start (self);
}

/* Through a pidfd opened at the SIGHUP: the process it was sent to, or
 * none, never another that got its pid since. */
static gboolean
kill_if_alive_cb (gpointer data)
{
  int pidfd = GPOINTER_TO_INT (data);

  syscall (SYS_pidfd_send_signal, pidfd, SIGKILL, NULL, 0);
  close (pidfd);
  return G_SOURCE_REMOVE;
}

/* Ends the child: SIGHUP, as a closed terminal does, then SIGKILL if it
 * is still there after KILL_AFTER_S (one that ignores SIGHUP would keep
 * a Delete waiting for it). */
void
cairn_terminal_terminate (CairnTerminal *self)
{
  int pidfd;

  g_return_if_fail (CAIRN_IS_TERMINAL (self));

  g_cancellable_cancel (self->spawning);
  if (self->pid == 0)
    return;
  pidfd = (int)syscall (SYS_pidfd_open, self->pid, 0);
  kill (self->pid, SIGHUP);
  if (pidfd >= 0)
    g_timeout_add_seconds (KILL_AFTER_S, kill_if_alive_cb, GINT_TO_POINTER (pidfd));
}

gboolean
cairn_terminal_get_running (CairnTerminal *self)
{
  g_return_val_if_fail (CAIRN_IS_TERMINAL (self), FALSE);
  return self->pid != 0;
}

GPid
cairn_terminal_get_pid (CairnTerminal *self)
{
  g_return_val_if_fail (CAIRN_IS_TERMINAL (self), 0);
  return self->pid;
}

const char * const *
cairn_terminal_get_argv (CairnTerminal *self)
{
  g_return_val_if_fail (CAIRN_IS_TERMINAL (self), NULL);
  return (const char * const *)self->argv;
}

GtkWidget *
cairn_terminal_get_vte (CairnTerminal *self)
{
  g_return_val_if_fail (CAIRN_IS_TERMINAL (self), NULL);
  return GTK_WIDGET (self->vte);
}

/* The text on screen and in the scrollback (of the normal screen; a
 * program on the alternate screen, as Claude Code's interface, has only
 * the screen). */
char *
cairn_terminal_dup_text (CairnTerminal *self)
{
  GtkAdjustment *rows;
  char *text;

  g_return_val_if_fail (CAIRN_IS_TERMINAL (self), NULL);
  rows = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->vte));
  text = vte_terminal_get_text_range (self->vte, (glong)gtk_adjustment_get_lower (rows), 0,
                                      (glong)gtk_adjustment_get_upper (rows) - 1,
                                      vte_terminal_get_column_count (self->vte) - 1, NULL, NULL, NULL);
  if (text == NULL || text[strspn (text, " \n")] == '\0')
    {
      g_free (text);
      text = vte_terminal_get_text (self->vte, NULL, NULL, NULL);
    }
  return text;
}

/* As if typed. */
void
cairn_terminal_feed_child (CairnTerminal *self,
                           const char    *text)
{
  g_return_if_fail (CAIRN_IS_TERMINAL (self));
  vte_terminal_feed_child (self->vte, text, -1);
}

static void
search (CairnTerminal *self,
        gboolean       backwards)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *escaped = g_regex_escape_string (text, -1);
  g_autoptr(VteRegex) regex = NULL;

  if (*text == '\0')
    {
      vte_terminal_search_set_regex (self->vte, NULL, 0);
      return;
    }
  regex = vte_regex_new_for_search (escaped, -1, PCRE2_MULTILINE | PCRE2_UTF | PCRE2_CASELESS, NULL);
  vte_terminal_search_set_regex (self->vte, regex, 0);
  vte_terminal_search_set_wrap_around (self->vte, TRUE);
  if (backwards)
    vte_terminal_search_find_previous (self->vte);
  else
    vte_terminal_search_find_next (self->vte);
}

static void
search_changed_cb (CairnTerminal *self)
{
  search (self, TRUE);
}

static void
search_next_cb (CairnTerminal *self)
{
  search (self, FALSE);
}

static void
search_previous_cb (CairnTerminal *self)
{
  search (self, TRUE);
}

static void
restart_clicked_cb (CairnTerminal *self)
{
  cairn_terminal_restart (self);
}

static void
terminal_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  CairnTerminal *self = CAIRN_TERMINAL (widget);
  double scale = vte_terminal_get_font_scale (self->vte);

  if (g_str_equal (action_name, "terminal.copy"))
    vte_terminal_copy_clipboard_format (self->vte, VTE_FORMAT_TEXT);
  else if (g_str_equal (action_name, "terminal.paste"))
    vte_terminal_paste_clipboard (self->vte);
  else if (g_str_equal (action_name, "terminal.zoom-in"))
    vte_terminal_set_font_scale (self->vte, MIN (scale * 1.1, 4.0));
  else if (g_str_equal (action_name, "terminal.zoom-out"))
    vte_terminal_set_font_scale (self->vte, MAX (scale / 1.1, 0.3));
  else if (g_str_equal (action_name, "terminal.zoom-reset"))
    vte_terminal_set_font_scale (self->vte, 1.0);
  else if (g_str_equal (action_name, "terminal.search"))
    {
      gtk_search_bar_set_search_mode (self->search_bar, TRUE);
      gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
    }
}

/* Before VTE sees the keys (it would send them to the child), as
 * Console's are. */
static void
add_shortcuts (CairnTerminal *self)
{
  static const struct { guint key; GdkModifierType mods; const char *action; } keys[] = {
    { GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "terminal.copy" },
    { GDK_KEY_v, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "terminal.paste" },
    { GDK_KEY_f, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "terminal.search" },
    { GDK_KEY_plus, GDK_CONTROL_MASK, "terminal.zoom-in" },
    { GDK_KEY_equal, GDK_CONTROL_MASK, "terminal.zoom-in" },
    { GDK_KEY_KP_Add, GDK_CONTROL_MASK, "terminal.zoom-in" },
    { GDK_KEY_minus, GDK_CONTROL_MASK, "terminal.zoom-out" },
    { GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "terminal.zoom-out" },
    { GDK_KEY_0, GDK_CONTROL_MASK, "terminal.zoom-reset" },
    { GDK_KEY_KP_0, GDK_CONTROL_MASK, "terminal.zoom-reset" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, keys[i].mods),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

static GtkWidget *
make_search_bar (CairnTerminal *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *previous = gtk_button_new_from_icon_name ("go-up-symbolic");
  GtkWidget *next = gtk_button_new_from_icon_name ("go-down-symbolic");

  self->search_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Search the terminal"), -1);
  gtk_widget_set_tooltip_text (previous, _("Find Previous"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (previous), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Find Previous"), -1);
  gtk_widget_set_tooltip_text (next, _("Find Next"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (next), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Find Next"), -1);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (search_previous_cb), self);
  g_signal_connect_swapped (previous, "clicked", G_CALLBACK (search_previous_cb), self);
  g_signal_connect_swapped (next, "clicked", G_CALLBACK (search_next_cb), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->search_entry));
  gtk_box_append (GTK_BOX (box), previous);
  gtk_box_append (GTK_BOX (box), next);
  self->search_bar = GTK_SEARCH_BAR (gtk_search_bar_new ());
  gtk_search_bar_set_child (self->search_bar, box);
  gtk_search_bar_connect_entry (self->search_bar, GTK_EDITABLE (self->search_entry));
  gtk_search_bar_set_show_close_button (self->search_bar, TRUE);
  return GTK_WIDGET (self->search_bar);
}

static GtkWidget *
make_exit_bar (CairnTerminal *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *restart = gtk_button_new_with_mnemonic (_("_Restart"));

  gtk_widget_add_css_class (box, "conversation-banner");
  self->exit_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->exit_label, TRUE);
  gtk_label_set_xalign (self->exit_label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->exit_label), TRUE);
  gtk_widget_set_valign (restart, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (restart, _("Run the same command again"));
  g_signal_connect_swapped (restart, "clicked", G_CALLBACK (restart_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->exit_label));
  gtk_box_append (GTK_BOX (box), restart);
  self->exit_bar = GTK_REVEALER (gtk_revealer_new ());
  gtk_revealer_set_child (self->exit_bar, box);
  return GTK_WIDGET (self->exit_bar);
}

static void
make_vte (CairnTerminal *self)
{
  self->vte = VTE_TERMINAL (cairn_terminal_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->vte), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->vte), TRUE);
  /* bounded: a flood keeps this many lines, not all it printed */
  vte_terminal_set_scrollback_lines (self->vte, SCROLLBACK_LINES);
  vte_terminal_set_mouse_autohide (self->vte, TRUE);
  vte_terminal_set_enable_fallback_scrolling (self->vte, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->vte), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Terminal"), -1);
  /* with no VtePty, VTE's "auto" Backspace would send NUL: the PTY's
   * erase character (^?) */
  vte_terminal_set_backspace_binding (self->vte, VTE_ERASE_ASCII_DELETE);
}

static void
cairn_terminal_dispose (GObject *object)
{
  CairnTerminal *self = CAIRN_TERMINAL (object);
  GtkWidget *child;

  cairn_terminal_terminate (self);
  forget_child (self);
  g_clear_object (&self->spawning);
  g_clear_object (&self->interface_settings);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (cairn_terminal_parent_class)->dispose (object);
}

static void
cairn_terminal_finalize (GObject *object)
{
  CairnTerminal *self = CAIRN_TERMINAL (object);

  g_strfreev (self->argv);
  g_free (self->cwd);
  G_OBJECT_CLASS (cairn_terminal_parent_class)->finalize (object);
}

static void
cairn_terminal_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CairnTerminal *self = CAIRN_TERMINAL (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->pid != 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Focus given to the pane goes to the terminal itself. */
static gboolean
cairn_terminal_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (CAIRN_TERMINAL (widget)->vte));
}

static void
cairn_terminal_class_init (CairnTerminalClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const char *actions[] = {
    "terminal.copy", "terminal.paste", "terminal.search", "terminal.zoom-in", "terminal.zoom-out",
    "terminal.zoom-reset",
  };

  object_class->dispose = cairn_terminal_dispose;
  object_class->finalize = cairn_terminal_finalize;
  object_class->get_property = cairn_terminal_get_property;
  widget_class->grab_focus = cairn_terminal_grab_focus;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* the child runs (its pid is known) */
  signals[SIGNAL_STARTED] = g_signal_new ("started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* the child ended, or could not start: its wait status */
  signals[SIGNAL_EXITED] = g_signal_new ("exited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i], NULL, terminal_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cairn-terminal");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cairn_terminal_init (CairnTerminal *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  make_vte (self);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->vte));
  gtk_widget_set_parent (make_search_bar (self), GTK_WIDGET (self));
  gtk_widget_set_parent (scroller, GTK_WIDGET (self));
  gtk_widget_set_parent (make_exit_bar (self), GTK_WIDGET (self));
  gtk_search_bar_set_key_capture_widget (self->search_bar, NULL);
  cairn_terminal_links_attach (self->vte);
  add_shortcuts (self);
  watch_font (self);
  self->style = adw_style_manager_get_default ();
  g_signal_connect_object (self->style, "notify::dark", G_CALLBACK (apply_colors), self, G_CONNECT_SWAPPED);
  apply_colors (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Terminal"), -1);
}

/**
 * cairn_terminal_new:
 *
 * Returns: a terminal with nothing running yet
 */
CairnTerminal *
cairn_terminal_new (void)
{
  return g_object_new (CAIRN_TYPE_TERMINAL, NULL);
}
