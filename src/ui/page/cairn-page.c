/* cairn-page.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-page"

#include "config.h"

#include <glib/gi18n.h>

#include "page/cairn-approval-queue.h"
#include "page/cairn-composer.h"
#include "page/cairn-page-private.h"
#include "widgets/cairn-plain-text.h"
#include "rows/cairn-row-cache.h"
#include "rows/cairn-transcript-row.h"

/* One conversation shown: its transcript, its banners, its composer and
 * its approvals. A window holds a page per open conversation and shows
 * one (cairn-window.c); the others keep running, keep their scroll
 * position and draft, and hold their approvals until they are shown.
 * The page's actions ("page.*") act on its own session, so a card or a
 * button in it never answers another conversation. */

/* Built rows kept for recently shown items, beyond the rows in view and
 * the dozen on either side that keep theirs (CairnRowCache). A built row
 * costs 30-170 KB (tests/bench-ui.c "memory"), so 64 kept rows hold
 * ~8 MB, while scrolling back over a few screens reattaches them. */
#define ROW_CACHE_SIZE 64

G_DEFINE_FINAL_TYPE (CairnPage, cairn_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SESSION,
  PROP_DRAFTS,
  PROP_SETTINGS,
  PROP_UNSEEN,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

void
_cairn_page_update_transcript (CairnPage *self)
{
  CairnTranscript *transcript = cairn_session_get_transcript (self->session);
  gboolean empty = g_list_model_get_n_items (G_LIST_MODEL (transcript)) == 0;
  CairnTrustGateState trust = cairn_trust_gate_get_state (cairn_session_get_trust_gate (self->session));

  /* the folder waits for Trust: its report instead of the transcript */
  if (trust == CAIRN_TRUST_GATE_ASKING || trust == CAIRN_TRUST_GATE_GRANTING)
    gtk_stack_set_visible_child_name (self->transcript_stack, "trust");
  /* a conversation being read shows nothing, not "Ask Claude", until its
   * last screen comes */
  else
    gtk_stack_set_visible_child_name (self->transcript_stack,
                                      empty && !self->holding_history ? "empty" : "transcript");
}

static void
transcript_items_changed_cb (CairnPage *self)
{
  _cairn_page_update_transcript (self);
  if (self->follow_output)
    _cairn_page_scroll_to_end (self);
}

static void
set_unseen (CairnPage *self,
            gboolean   unseen)
{
  if (self->unseen == unseen)
    return;
  self->unseen = unseen;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNSEEN]);
}

/* A turn that ends while the page is not shown leaves it "unseen" until
 * it is: the sidebar marks it. */
static void
session_busy_cb (CairnPage    *self,
                 GParamSpec   *pspec,
                 CairnSession *session)
{
  gboolean busy = cairn_session_get_busy (session);

  cairn_composer_set_busy (self->composer, busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.stop", busy);
  if (!busy && self->was_busy && !self->shown)
    set_unseen (self, TRUE);
  if (!busy && self->was_busy)
    _cairn_page_notify_turn_end (self);
  self->was_busy = busy;
}

static void
session_commands_cb (CairnPage    *self,
                     GParamSpec   *pspec,
                     CairnSession *session)
{
  cairn_composer_set_commands (self->composer, cairn_session_get_commands (session));
}

static void
session_elsewhere_cb (CairnPage    *self,
                      GParamSpec   *pspec,
                      CairnSession *session)
{
  gtk_revealer_set_reveal_child (self->elsewhere_banner, cairn_session_get_running_elsewhere (session));
}

static void
session_stalled_cb (CairnPage    *self,
                    GParamSpec   *pspec,
                    CairnSession *session)
{
  gtk_revealer_set_reveal_child (self->stall_banner, cairn_session_get_stalled (session));
}

static void
composer_send_cb (CairnPage     *self,
                  const char    *text,
                  GPtrArray     *images,
                  CairnComposer *composer)
{
  if (_cairn_page_hold_prompt (self, text, images))
    return;
  _cairn_page_set_follow_output (self, TRUE);
  /* the images are saved already; without any this sends plain text */
  cairn_session_send_prompt_with_images (self->session, text, images);
  _cairn_page_scroll_to_end (self);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  cairn_session_interrupt (CAIRN_PAGE (widget)->session);
}

/* Retry on a failed turn: the same message again, images too. Once, so
 * that a button left on an older row can't send it twice. */
static void
session_can_retry_cb (CairnPage    *self,
                      GParamSpec   *pspec,
                      CairnSession *session)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.retry", cairn_session_get_can_retry (session));
}

static void
retry_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  cairn_session_retry (CAIRN_PAGE (widget)->session);
}

static void
restart_cli_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  cairn_session_restart (CAIRN_PAGE (widget)->session);
}

static void
jump_to_latest_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  cairn_page_follow_output (CAIRN_PAGE (widget));
}

gboolean
cairn_page_has_request (CairnPage  *self,
                        const char *request_id)
{
  g_return_val_if_fail (CAIRN_IS_PAGE (self), FALSE);
  return cairn_session_find_request (self->session, request_id) != NULL;
}

/**
 * cairn_page_answer_request:
 * @verb: "allow", "deny" or "review"
 *
 * Answers a pending request of this page's session, from its tool card.
 * "review" (also from a notification) opens its dialog, which needs the
 * page shown.
 * Returns %FALSE when the request isn't this page's.
 */
gboolean
cairn_page_answer_request (CairnPage  *self,
                           const char *verb,
                           const char *request_id)
{
  CairnPermissionRequest *request;

  g_return_val_if_fail (CAIRN_IS_PAGE (self), FALSE);

  if ((request = cairn_session_find_request (self->session, request_id)) == NULL)
    return FALSE;
  if (g_str_equal (verb, "allow"))
    cairn_session_allow (self->session, request, NULL, NULL);
  else if (g_str_equal (verb, "deny"))
    cairn_session_deny (self->session, request, NULL, FALSE);
  else if (self->approvals != NULL)
    cairn_approval_queue_review (self->approvals, request_id);
  return TRUE;
}

static void
approval_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  const char *verb = strrchr (action_name, '-') + 1;

  cairn_page_answer_request (CAIRN_PAGE (widget), verb, g_variant_get_string (param, NULL));
}

/**
 * cairn_page_set_shown:
 *
 * Whether the window shows this page. Only a shown page puts its
 * approvals up as dialogs; a hidden one keeps them waiting (and marked in
 * the sidebar) until it is shown.
 */
void
cairn_page_set_shown (CairnPage *self,
                      gboolean   shown)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));

  self->shown = shown;
  if (shown)
    set_unseen (self, FALSE);
  if (self->approvals != NULL)
    cairn_approval_queue_set_shown (self->approvals, shown);
}

/* A turn ended while the page was hidden, and it was not shown since. */
gboolean
cairn_page_get_unseen (CairnPage *self)
{
  g_return_val_if_fail (CAIRN_IS_PAGE (self), FALSE);
  return self->unseen;
}

/* A new conversation nothing was sent in yet: "New Conversation" shows it
 * again rather than opening another. */
gboolean
cairn_page_is_fresh (CairnPage *self)
{
  g_return_val_if_fail (CAIRN_IS_PAGE (self), FALSE);
  return cairn_session_get_session_id (self->session) == NULL &&
         g_list_model_get_n_items (G_LIST_MODEL (cairn_session_get_transcript (self->session))) == 0 &&
         !cairn_page_get_terminal_running (self);
}

void
cairn_page_focus_composer (CairnPage *self)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->composer));
}

/**
 * cairn_page_set_folder_path:
 *
 * The project's folder as shown to the user, for the empty page.
 */
void
cairn_page_set_folder_path (CairnPage  *self,
                            const char *path)
{
  g_autofree char *description = NULL;

  g_return_if_fail (CAIRN_IS_PAGE (self));

  description = g_strdup_printf (_("Claude Code works in %s. Ask it to explain, change or build something."), path);
  cairn_status_page_set_plain_description (self->empty_page, description);
}

static void
cairn_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (cairn_page_parent_class)->map (widget);
  _cairn_page_arm_ticks (CAIRN_PAGE (widget));
}

static void
cairn_page_unmap (GtkWidget *widget)
{
  _cairn_page_disarm_ticks (CAIRN_PAGE (widget));
  GTK_WIDGET_CLASS (cairn_page_parent_class)->unmap (widget);
}

/* The approvals go over the window the page is in, once it is in one. */
static void
cairn_page_root (GtkWidget *widget)
{
  CairnPage *self = CAIRN_PAGE (widget);
  GtkRoot *root;

  GTK_WIDGET_CLASS (cairn_page_parent_class)->root (widget);

  root = gtk_widget_get_root (widget);
  if (self->approvals == NULL && GTK_IS_WINDOW (root))
    self->approvals = cairn_approval_queue_new (GTK_WINDOW (root), self->session, self->shown);
}

static void
connect_session (CairnPage *self)
{
  CairnSession *session = self->session;
  CairnTranscript *transcript = cairn_session_get_transcript (session);
  g_signal_connect_object (session, "notify::busy", G_CALLBACK (session_busy_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::commands", G_CALLBACK (session_commands_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::running-elsewhere", G_CALLBACK (session_elsewhere_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::stalled", G_CALLBACK (session_stalled_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::can-retry", G_CALLBACK (session_can_retry_cb), self,
                           G_CONNECT_SWAPPED);
  session_busy_cb (self, NULL, session);
  session_can_retry_cb (self, NULL, session);
  session_commands_cb (self, NULL, session);
  session_elsewhere_cb (self, NULL, session);
  session_stalled_cb (self, NULL, session);
  cairn_trust_page_set_gate (self->trust_page, cairn_session_get_trust_gate (session));
  g_signal_connect_object (cairn_session_get_trust_gate (session), "notify::state",
                           G_CALLBACK (_cairn_page_update_transcript), self, G_CONNECT_SWAPPED);
  gtk_no_selection_set_model (self->selection, G_LIST_MODEL (transcript));
  g_signal_connect_object (transcript, "items-changed",
                           G_CALLBACK (transcript_items_changed_cb), self, G_CONNECT_SWAPPED);
  _cairn_page_update_transcript (self);
  cairn_page_set_folder_path (self, cairn_session_get_cwd (session));
  /* the composer checks and saves images with the session's store */
  cairn_composer_set_attachment_store (self->composer, cairn_session_get_attachment_store (session));
}

static void
cairn_page_constructed (GObject *object)
{
  CairnPage *self = (CairnPage *)object;

  G_OBJECT_CLASS (cairn_page_parent_class)->constructed (object);

  connect_session (self);
  _cairn_page_init_drafts (self);
}

static void
cairn_page_dispose (GObject *object)
{
  CairnPage *self = (CairnPage *)object;

  g_clear_object (&self->approvals);
  if (self->session != NULL)
    cairn_page_release_history (self);
  _cairn_page_dispose_drafts (self);
  g_clear_pointer (&self->waiting_text, g_free);
  g_clear_pointer (&self->waiting_images, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_PAGE);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (cairn_page_parent_class)->dispose (object);
}

static void
cairn_page_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  CairnPage *self = CAIRN_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    case PROP_DRAFTS:
      g_value_set_object (value, self->drafts);
      break;

    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    case PROP_UNSEEN:
      g_value_set_boolean (value, self->unseen);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_page_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  CairnPage *self = CAIRN_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    case PROP_DRAFTS:
      self->drafts = g_value_dup_object (value);
      break;

    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_page_class_init (CairnPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = cairn_page_constructed;
  object_class->dispose = cairn_page_dispose;
  object_class->get_property = cairn_page_get_property;
  object_class->set_property = cairn_page_set_property;
  widget_class->root = cairn_page_root;
  widget_class->map = cairn_page_map;
  widget_class->unmap = cairn_page_unmap;

  properties [PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, CAIRN_TYPE_SESSION,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties [PROP_DRAFTS] =
    g_param_spec_object ("drafts", NULL, NULL, CAIRN_TYPE_DRAFT_STORE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /* the application's, or none (tests): what the page may do unasked */
  properties [PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, CAIRN_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties [PROP_UNSEEN] =
    g_param_spec_boolean ("unseen", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CAIRN_TYPE_COMPOSER);
  g_type_ensure (CAIRN_TYPE_TRANSCRIPT_ROW);
  g_type_ensure (CAIRN_TYPE_TRUST_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnPage, transcript_stack);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, empty_page);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, list_view);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, selection);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, jump_button);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, trust_page);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, elsewhere_banner);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, stall_banner);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, composer);
  gtk_widget_class_bind_template_callback (widget_class, composer_send_cb);
  _cairn_page_class_init_terminal (widget_class);

  gtk_widget_class_install_action (widget_class, "page.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "page.retry", NULL, retry_action);
  gtk_widget_class_install_action (widget_class, "page.restart-cli", NULL, restart_cli_action);
  gtk_widget_class_install_action (widget_class, "page.jump-to-latest", NULL, jump_to_latest_action);
  gtk_widget_class_install_action (widget_class, "page.restore-files", "u", _cairn_page_restore_files_action);
  gtk_widget_class_install_action (widget_class, "page.edit-prompt", "u", _cairn_page_edit_prompt_action);
  gtk_widget_class_install_action (widget_class, "page.branch", "u", _cairn_page_branch_action);
  gtk_widget_class_install_action (widget_class, "page.previous-version", "u", _cairn_page_previous_version_action);
  gtk_widget_class_install_action (widget_class, "page.next-version", "u", _cairn_page_next_version_action);

  /* a branch of the conversation was made, to go on in a page of its own
   * with the text of the prompt it branched at */
  g_signal_new ("branched", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 2, CAIRN_TYPE_SESSION, G_TYPE_STRING);
  gtk_widget_class_install_action (widget_class, "page.approval-allow", "s", approval_action);
  gtk_widget_class_install_action (widget_class, "page.approval-deny", "s", approval_action);
  gtk_widget_class_install_action (widget_class, "page.approval-review", "s", approval_action);
}

static void
cairn_page_init (CairnPage *self)
{
  g_autoptr(CairnRowCache) cache = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  cache = cairn_row_cache_new (ROW_CACHE_SIZE);
  cairn_row_cache_attach (cache, GTK_WIDGET (self->list_view));

  _cairn_page_init_scroll (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.stop", FALSE);
  /* images dropped anywhere on the conversation go to its composer; the
   * content is highlighted (.drop-active) while they hover */
  cairn_composer_add_drop_area (self->composer, GTK_WIDGET (self));
}

/**
 * cairn_page_new:
 * @settings: (nullable): the application's settings
 */
CairnPage *
cairn_page_new (CairnSession    *session,
                CairnDraftStore *drafts,
                CairnSettings   *settings)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (session), NULL);
  g_return_val_if_fail (CAIRN_IS_DRAFT_STORE (drafts), NULL);
  g_return_val_if_fail (settings == NULL || CAIRN_IS_SETTINGS (settings), NULL);

  return g_object_new (CAIRN_TYPE_PAGE, "session", session, "drafts", drafts, "settings", settings, NULL);
}

CairnSession *
cairn_page_get_session (CairnPage *self)
{
  g_return_val_if_fail (CAIRN_IS_PAGE (self), NULL);
  return self->session;
}
