/* cairn-window.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include <glib/gi18n.h>

#include "cairn-composer.h"
#include "cairn-launcher.h"
#include "cairn-missing-cli-page.h"
#include "cairn-transcript-row.h"
#include "cairn-window.h"

/* Within this many pixels of the end, the view counts as "at the bottom"
 * and keeps following new output. */
#define FOLLOW_SLACK_PX 24.0

struct _CairnWindow
{
  AdwApplicationWindow  parent_instance;

  GFile                *folder;
  CairnSession         *session;
  GSignalGroup         *session_signals;
  gboolean              follow_output;

  AdwWindowTitle       *window_title;
  GtkStack             *main_stack;
  GtkStack             *transcript_stack;
  AdwStatusPage        *empty_page;
  GtkScrolledWindow    *scroller;
  GtkNoSelection       *selection;
  CairnComposer        *composer;
  CairnMissingCliPage  *missing_page;
};

G_DEFINE_FINAL_TYPE (CairnWindow, cairn_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_FOLDER,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
update_transcript_page (CairnWindow *self)
{
  CairnTranscript *transcript = self->session ? cairn_session_get_transcript (self->session) : NULL;
  gboolean empty = transcript == NULL || g_list_model_get_n_items (G_LIST_MODEL (transcript)) == 0;

  gtk_stack_set_visible_child_name (self->transcript_stack, empty ? "empty" : "transcript");
}

static void
scroll_to_end (CairnWindow *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->scroller);

  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
}

/* Follow new output only while the user is at the bottom, so scrolling up
 * to read is never yanked away. */
static void
vadjustment_value_changed_cb (CairnWindow   *self,
                              GtkAdjustment *adj)
{
  double end = gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj);

  self->follow_output = gtk_adjustment_get_value (adj) >= end - FOLLOW_SLACK_PX;
}

static void
vadjustment_upper_changed_cb (CairnWindow   *self,
                              GParamSpec    *pspec,
                              GtkAdjustment *adj)
{
  if (self->follow_output)
    scroll_to_end (self);
}

static void
transcript_items_changed_cb (CairnWindow *self)
{
  update_transcript_page (self);
}

static void
session_busy_cb (CairnWindow  *self,
                 GParamSpec   *pspec,
                 CairnSession *session)
{
  gboolean busy = cairn_session_get_busy (session);

  cairn_composer_set_busy (self->composer, busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop", busy);
}

/* The subtitle names the folder and, once the CLI has said, the model. */
static void
session_model_cb (CairnWindow  *self,
                  GParamSpec   *pspec,
                  CairnSession *session)
{
  g_autofree char *path = g_file_get_parse_name (self->folder);
  const char *model = cairn_session_get_model (session);
  g_autofree char *subtitle = model ? g_strdup_printf ("%s · %s", path, model) : NULL;

  adw_window_title_set_subtitle (self->window_title, subtitle ? subtitle : path);
}

static void
set_session (CairnWindow  *self,
             CairnSession *session)
{
  CairnTranscript *transcript = session ? cairn_session_get_transcript (session) : NULL;

  if (self->session != NULL)
    cairn_session_close (self->session);
  g_set_object (&self->session, session);
  g_signal_group_set_target (self->session_signals, session);
  gtk_no_selection_set_model (self->selection, G_LIST_MODEL (transcript));
  if (transcript != NULL)
    g_signal_connect_object (transcript, "items-changed",
                             G_CALLBACK (transcript_items_changed_cb), self, G_CONNECT_SWAPPED);
  self->follow_output = TRUE;
  update_transcript_page (self);
  if (session != NULL)
    session_busy_cb (self, NULL, session);
}

static char *
configured_cli_path (CairnWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GSettings *settings = app ? cairn_application_get_settings (CAIRN_APPLICATION (app)) : NULL;

  return settings ? g_settings_get_string (settings, "cli-path") : NULL;
}

static void
start_session (CairnWindow *self)
{
  g_autofree char *configured = configured_cli_path (self);
  g_autofree char *cwd = g_file_get_path (self->folder);
  g_autofree char *cli = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnSession) session = NULL;

  if (!(cli = cairn_launcher_find_cli (configured, &error)))
    {
      cairn_missing_cli_page_set_problem (self->missing_page, error->message);
      gtk_stack_set_visible_child_name (self->main_stack, "missing-cli");
      return;
    }
  session = cairn_session_new (cwd, cli);
  set_session (self, session);
  gtk_stack_set_visible_child_name (self->main_stack, "chat");
  gtk_widget_grab_focus (GTK_WIDGET (self->composer));
}

static void
composer_send_cb (CairnWindow   *self,
                  const char    *text,
                  CairnComposer *composer)
{
  g_assert (CAIRN_IS_WINDOW (self));

  if (self->session == NULL)
    return;
  self->follow_output = TRUE;
  cairn_session_send_prompt (self->session, text);
  scroll_to_end (self);
}

static void
missing_page_retry_cb (CairnWindow         *self,
                       CairnMissingCliPage *page)
{
  start_session (self);
}

static void
missing_page_cli_chosen_cb (CairnWindow         *self,
                            const char          *path,
                            CairnMissingCliPage *page)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GSettings *settings = app ? cairn_application_get_settings (CAIRN_APPLICATION (app)) : NULL;

  if (settings != NULL)
    g_settings_set_string (settings, "cli-path", path);
  else
    g_setenv ("CAIRN_CLAUDE", path, TRUE);
  start_session (self);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);

  if (self->session != NULL)
    cairn_session_interrupt (self->session);
}

static gboolean
cairn_window_close_request (GtkWindow *window)
{
  CairnWindow *self = CAIRN_WINDOW (window);

  if (self->session != NULL)
    cairn_session_close (self->session);
  return GTK_WINDOW_CLASS (cairn_window_parent_class)->close_request (window);
}

static void
show_folder (CairnWindow *self)
{
  g_autofree char *name = g_file_get_basename (self->folder);
  g_autofree char *path = g_file_get_parse_name (self->folder);
  g_autofree char *description =
    g_strdup_printf (_("Claude Code works in %s. Ask it to explain, change or build something."), path);
  g_autofree char *window_title = g_strdup_printf (_("%s — Cairn"), name);

  gtk_window_set_title (GTK_WINDOW (self), window_title);
  adw_window_title_set_title (self->window_title, name);
  adw_window_title_set_subtitle (self->window_title, path);
  adw_status_page_set_description (self->empty_page, description);
}

/* For tests/bench-startup.sh: report when the first frame was painted and
 * quit, so the time from launch to first frame can be measured from outside. */
static void
after_first_paint_cb (CairnWindow   *self,
                      GdkFrameClock *clock)
{
  g_signal_handlers_disconnect_by_func (clock, after_first_paint_cb, self);
  g_print ("first-frame-realtime-us %" G_GINT64_FORMAT "\n", g_get_real_time ());
  g_application_quit (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
}

static void
cairn_window_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (cairn_window_parent_class)->map (widget);

  if (g_getenv ("CAIRN_REPORT_FIRST_FRAME") != NULL)
    g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint",
                             G_CALLBACK (after_first_paint_cb), widget, G_CONNECT_SWAPPED);
}

static void
cairn_window_constructed (GObject *object)
{
  CairnWindow *self = (CairnWindow *)object;

  G_OBJECT_CLASS (cairn_window_parent_class)->constructed (object);

  show_folder (self);
  start_session (self);
}

static void
cairn_window_dispose (GObject *object)
{
  CairnWindow *self = (CairnWindow *)object;

  if (self->session != NULL)
    cairn_session_close (self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_WINDOW);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  g_clear_object (&self->folder);

  G_OBJECT_CLASS (cairn_window_parent_class)->dispose (object);
}

static void
cairn_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  CairnWindow *self = CAIRN_WINDOW (object);

  switch (prop_id)
    {
    case PROP_FOLDER:
      g_value_set_object (value, self->folder);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_window_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  CairnWindow *self = CAIRN_WINDOW (object);

  switch (prop_id)
    {
    case PROP_FOLDER:
      self->folder = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_window_class_init (CairnWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = cairn_window_constructed;
  object_class->dispose = cairn_window_dispose;
  object_class->get_property = cairn_window_get_property;
  object_class->set_property = cairn_window_set_property;
  window_class->close_request = cairn_window_close_request;
  widget_class->map = cairn_window_map;

  properties [PROP_FOLDER] =
    g_param_spec_object ("folder", NULL, NULL, G_TYPE_FILE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CAIRN_TYPE_COMPOSER);
  g_type_ensure (CAIRN_TYPE_MISSING_CLI_PAGE);
  g_type_ensure (CAIRN_TYPE_TRANSCRIPT_ROW);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, transcript_stack);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, scroller);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, selection);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, composer);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, missing_page);
  gtk_widget_class_bind_template_callback (widget_class, composer_send_cb);
  gtk_widget_class_bind_template_callback (widget_class, missing_page_retry_cb);
  gtk_widget_class_bind_template_callback (widget_class, missing_page_cli_chosen_cb);

  gtk_widget_class_install_action (widget_class, "win.stop", NULL, stop_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.stop", NULL);
}

static void
cairn_window_init (CairnWindow *self)
{
  GtkAdjustment *vadj;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->follow_output = TRUE;
  self->session_signals = g_signal_group_new (CAIRN_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "notify::busy",
                                 G_CALLBACK (session_busy_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::model",
                                 G_CALLBACK (session_model_cb), self, G_CONNECT_SWAPPED);

  vadj = gtk_scrolled_window_get_vadjustment (self->scroller);
  g_signal_connect_object (vadj, "value-changed",
                           G_CALLBACK (vadjustment_value_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (vadj, "notify::upper",
                           G_CALLBACK (vadjustment_upper_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop", FALSE);
}

CairnWindow *
cairn_window_new (CairnApplication *application,
                  GFile            *folder)
{
  g_return_val_if_fail (CAIRN_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (G_IS_FILE (folder), NULL);

  return g_object_new (CAIRN_TYPE_WINDOW,
                       "application", application,
                       "folder", folder,
                       NULL);
}

CairnSession *
cairn_window_get_session (CairnWindow *self)
{
  g_return_val_if_fail (CAIRN_IS_WINDOW (self), NULL);
  return self->session;
}
