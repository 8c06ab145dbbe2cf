/* cairn-composer.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-composer"

#include "config.h"

#include <glib/gi18n.h>

#include "page/cairn-attachment-tray.h"
#include "page/cairn-command-popover.h"
#include "page/cairn-composer.h"
#include "page/cairn-composer-private.h"
#include "prompt/cairn-file-index.h"
#include "prompt/cairn-prompt-history.h"

/* Where the user writes. Enter sends, Shift+Enter adds a line; the "send"
 * signal carries the text and the saved images, and the composer clears
 * itself.
 *
 * Images come from a drop (on the composer, or on an area such as the
 * window's content: cairn_composer_add_drop_area()), from Ctrl+V and from
 * the Attach button; they wait in the tray above the text and are saved
 * into the project when the prompt is sent. "/" completes slash commands,
 * "@" the project's files; Up/Down on an empty composer walk through the
 * prompts sent before.
 *
 * The composer belongs to its window, and a window holds one conversation:
 * what is typed or attached and not sent yet (the draft), and the prompts
 * sent (the history), stay in the composer when the window starts a new
 * session for the same conversation (as when the CLI path changes). */

/* "@" lists at most this many files, and lists the project again when the
 * last listing is older than this (files come and go as the agent works). */
#define MAX_FILE_CHOICES      50
#define FILE_INDEX_MAX_AGE_S  30


G_DEFINE_FINAL_TYPE (CairnComposer, cairn_composer, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

enum {
  SEND,
  DRAFT_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

static void update_completions (CairnComposer *self);

static GtkTextBuffer *
get_buffer (CairnComposer *self)
{
  return gtk_text_view_get_buffer (self->text_view);
}

char *
cairn_composer_dup_text (CairnComposer *self)
{
  GtkTextIter start, end;

  g_return_val_if_fail (CAIRN_IS_COMPOSER (self), NULL);

  gtk_text_buffer_get_bounds (get_buffer (self), &start, &end);
  return gtk_text_buffer_get_text (get_buffer (self), &start, &end, FALSE);
}

static gboolean
has_text (CairnComposer *self)
{
  g_autofree char *text = cairn_composer_dup_text (self);

  return *g_strstrip (text) != '\0';
}

/* Text, or at least one image, and nothing still being checked or saved. */
static void
update_send_action (CairnComposer *self)
{
  gboolean ready = self->sending_text == NULL && !cairn_attachment_tray_get_busy (self->tray);
  gboolean content = cairn_attachment_tray_get_n_attachments (self->tray) > 0 || has_text (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "composer.send", ready && content);
}

/* Sending */

/* The tray has already let go of the images it saved. */
static void
finish_send (CairnComposer *self,
             const char    *text,
             GPtrArray     *images)
{
  cairn_prompt_history_add (self->history, text);
  gtk_text_buffer_set_text (get_buffer (self), "", 0);
  g_signal_emit (self, signals[SEND], 0, text, images);
}

/* The prompt leaves the composer only once its images are saved; if one
 * can't be, everything stays for the user to fix or retry. */
static void
images_saved_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(CairnComposer) self = user_data;
  g_autofree char *text = g_steal_pointer (&self->sending_text);
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(GError) error = NULL;

  saved = cairn_attachment_tray_save_finish (CAIRN_ATTACHMENT_TRAY (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  gtk_text_view_set_editable (self->text_view, TRUE);
  if (saved == NULL)
    cairn_attachment_tray_show_error (self->tray, error->message);
  else
    finish_send (self, text, saved);
  update_send_action (self);
}

static void
send_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  CairnComposer *self = CAIRN_COMPOSER (widget);
  g_autofree char *text = cairn_composer_dup_text (self);

  g_strstrip (text);
  if (self->sending_text != NULL || cairn_attachment_tray_get_busy (self->tray))
    return;
  if (cairn_attachment_tray_get_n_attachments (self->tray) == 0)
    {
      if (*text == '\0')
        return;
      /* an old message about an image is past */
      cairn_attachment_tray_clear (self->tray);
      finish_send (self, text, NULL);
      return;
    }
  self->sending_text = g_steal_pointer (&text);
  gtk_text_view_set_editable (self->text_view, FALSE);
  update_send_action (self);
  cairn_attachment_tray_save_async (self->tray, self->cancellable,
                                    images_saved_cb, g_object_ref (self));
}

/* History: Up on an empty composer recalls the prompt sent before; while a
 * recalled prompt shows unchanged, Up and Down walk on, and Down past the
 * newest empties the composer again. */

static void
recall (CairnComposer *self,
        const char    *prompt)
{
  self->recalling = TRUE;
  gtk_text_buffer_set_text (get_buffer (self), prompt ? prompt : "", -1);
  self->recalling = FALSE;
}

static gboolean
history_key (CairnComposer   *self,
             guint            keyval,
             GdkModifierType  state)
{
  const char *current = cairn_prompt_history_get_current (self->history);
  g_autofree char *text = NULL;
  const char *older;

  if ((keyval != GDK_KEY_Up && keyval != GDK_KEY_Down) ||
      (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return FALSE;
  text = cairn_composer_dup_text (self);
  if (current == NULL ? *text != '\0' : strcmp (text, current) != 0)
    return FALSE;
  if (keyval == GDK_KEY_Down)
    {
      if (current == NULL)
        return FALSE;
      recall (self, cairn_prompt_history_newer (self->history));
      return TRUE;
    }
  if ((older = cairn_prompt_history_older (self->history)))
    recall (self, older);
  /* at the oldest: stay there */
  return older != NULL || current != NULL;
}

/* An edited recalled prompt is the user's own text now. */
static void
forget_recall_if_edited (CairnComposer *self)
{
  const char *current = cairn_prompt_history_get_current (self->history);
  g_autofree char *text = NULL;

  if (self->recalling || current == NULL)
    return;
  text = cairn_composer_dup_text (self);
  if (strcmp (text, current) != 0)
    cairn_prompt_history_reset (self->history);
}

/* Completions: "/command" at the start, "@path" anywhere */

/* The "@partial" word the cursor is in: sets @start at its "@" and @end at
 * the end of the word, and returns what is between the "@" and the cursor.
 * An "@" inside a word (an e-mail address) starts nothing. */
static char *
file_token_at_cursor (CairnComposer *self,
                      GtkTextIter   *start,
                      GtkTextIter   *end)
{
  GtkTextBuffer *buffer = get_buffer (self);
  GtkTextIter cursor, at, before;

  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  at = cursor;
  while (gtk_text_iter_backward_char (&at) && gtk_text_iter_get_char (&at) != '@')
    if (g_unichar_isspace (gtk_text_iter_get_char (&at)))
      return NULL;
  if (gtk_text_iter_get_char (&at) != '@')
    return NULL;
  before = at;
  if (gtk_text_iter_backward_char (&before) &&
      !g_unichar_isspace (gtk_text_iter_get_char (&before)))
    return NULL;
  if (start != NULL)
    *start = at;
  if (end != NULL)
    {
      *end = cursor;
      while (!gtk_text_iter_is_end (end) && !g_unichar_isspace (gtk_text_iter_get_char (end)))
        gtk_text_iter_forward_char (end);
    }
  gtk_text_iter_forward_char (&at);
  return gtk_text_iter_get_text (&at, &cursor);
}

static void
file_index_loaded_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(CairnComposer) self = user_data;
  g_autoptr(GError) error = NULL;

  /* A folder that cannot be listed is not tried again (indexing stays
   * set) until the composer gets another project. */
  if (!cairn_file_index_load_finish (CAIRN_FILE_INDEX (object), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Could not list the project’s files: %s", error->message);
      return;
    }
  if (CAIRN_FILE_INDEX (object) != self->file_index || self->text_view == NULL)
    return;
  self->indexing = FALSE;
  update_completions (self);
}

/* The project's files, listed when first needed and again when stale. */
static CairnFileIndex *
ensure_file_index (CairnComposer *self)
{
  CairnAttachmentStore *store = cairn_attachment_tray_get_store (self->tray);

  if (store == NULL)
    return NULL;
  if (self->file_index == NULL)
    {
      self->file_index = cairn_file_index_new (cairn_attachment_store_get_project_dir (store));
      self->indexing = FALSE;
    }
  if (!self->indexing && cairn_file_index_is_stale (self->file_index, FILE_INDEX_MAX_AGE_S))
    {
      self->indexing = TRUE;
      cairn_file_index_load_async (self->file_index, self->cancellable,
                                   file_index_loaded_cb, g_object_ref (self));
    }
  return self->file_index;
}

static gboolean
show_file_choices (CairnComposer *self,
                   const char    *partial)
{
  CairnFileIndex *index = ensure_file_index (self);
  g_autoptr(GPtrArray) matches = NULL;

  /* not listed yet: the choices show once it is */
  if (index == NULL || !cairn_file_index_get_loaded (index))
    return FALSE;
  matches = cairn_file_index_match (index, partial, MAX_FILE_CHOICES);
  return cairn_command_popover_show_choices (self->completions, "@", _("Files in the project"),
                                             matches) > 0;
}

static void
update_completions (CairnComposer *self)
{
  g_autofree char *text = cairn_composer_dup_text (self);
  g_autofree char *partial = NULL;
  gboolean typing_command = text[0] == '/' && strpbrk (text, " \t\n") == NULL;

  self->completing = COMPLETING_NONE;
  if (typing_command && cairn_command_popover_filter (self->completions, text + 1) > 0)
    self->completing = COMPLETING_COMMAND;
  else if ((partial = file_token_at_cursor (self, NULL, NULL)) && show_file_choices (self, partial))
    self->completing = COMPLETING_FILE;
  if (self->completing != COMPLETING_NONE)
    gtk_popover_popup (GTK_POPOVER (self->completions));
  else
    gtk_popover_popdown (GTK_POPOVER (self->completions));
}

/* "@src/ma" → "@src/main.c ", with the cursor after it. */
static void
complete_file (CairnComposer *self,
               const char    *path)
{
  GtkTextBuffer *buffer = get_buffer (self);
  g_autofree char *partial = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;
  gboolean space_follows;

  if (!(partial = file_token_at_cursor (self, &start, &end)))
    return;
  space_follows = !gtk_text_iter_is_end (&end) && g_unichar_isspace (gtk_text_iter_get_char (&end));
  text = g_strdup_printf ("@%s%s", path, space_follows ? "" : " ");
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, text, -1);
  if (space_follows)
    {
      gtk_text_iter_forward_char (&start);
      gtk_text_buffer_place_cursor (buffer, &start);
    }
  gtk_text_buffer_end_user_action (buffer);
}

static void
complete (CairnComposer *self,
          const char    *choice)
{
  if (self->completing == COMPLETING_FILE)
    {
      complete_file (self, choice);
    }
  else
    {
      g_autofree char *text = g_strdup_printf ("/%s ", choice);
      gtk_text_buffer_set_text (get_buffer (self), text, -1);
    }
  gtk_popover_popdown (GTK_POPOVER (self->completions));
}

static void
completion_chosen_cb (CairnComposer       *self,
                      const char          *choice,
                      CairnCommandPopover *popover)
{
  complete (self, choice);
  gtk_widget_grab_focus (GTK_WIDGET (self->text_view));
}

/* While completions show, Up/Down choose, Tab/Enter complete, Escape
 * closes them (and doesn't stop the reply). */
static gboolean
completion_key (CairnComposer *self,
                guint          keyval)
{
  const char *selected;

  if (!gtk_widget_get_visible (GTK_WIDGET (self->completions)))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Up:
      cairn_command_popover_move (self->completions, -1);
      return TRUE;
    case GDK_KEY_Down:
      cairn_command_popover_move (self->completions, 1);
      return TRUE;
    case GDK_KEY_Escape:
      gtk_popover_popdown (GTK_POPOVER (self->completions));
      return TRUE;
    case GDK_KEY_Tab:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if ((selected = cairn_command_popover_get_selected (self->completions)))
        {
          g_autofree char *choice = g_strdup (selected);
          complete (self, choice);
        }
      return TRUE;
    default:
      return FALSE;
    }
}

void
cairn_composer_set_commands (CairnComposer      *self,
                             const char * const *commands)
{
  g_return_if_fail (CAIRN_IS_COMPOSER (self));

  cairn_command_popover_set_commands (self->completions, commands);
}

/* Attaching images */

/**
 * cairn_composer_set_attachment_store:
 * @store: (nullable): the session's store: where images are checked and
 *   saved, and whose project folder "@" completes from
 *
 * What is already attached stays (it is the same conversation).
 */
void
cairn_composer_set_attachment_store (CairnComposer        *self,
                                     CairnAttachmentStore *store)
{
  g_return_if_fail (CAIRN_IS_COMPOSER (self));
  g_return_if_fail (store == NULL || CAIRN_IS_ATTACHMENT_STORE (store));

  if (self->file_index != NULL &&
      (store == NULL || g_strcmp0 (cairn_file_index_get_root (self->file_index),
                                   cairn_attachment_store_get_project_dir (store)) != 0))
    g_clear_object (&self->file_index);
  cairn_attachment_tray_set_store (self->tray, store);
}

static void
chooser_response_cb (CairnComposer   *self,
                     int              response,
                     GtkNativeDialog *chooser)
{
  g_autoptr(GtkFileChooserNative) owned = g_steal_pointer (&self->chooser);
  g_autoptr(GListModel) files = NULL;
  GSList *list = NULL;

  if (response != GTK_RESPONSE_ACCEPT)
    return;
  files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  for (guint i = g_list_model_get_n_items (files); i > 0; i--)
    list = g_slist_prepend (list, g_list_model_get_item (files, i - 1));
  cairn_composer_add_files (self, list);
  g_slist_free_full (list, g_object_unref);
}

/* The Attach button: a file chooser (the portal's, inside Flatpak). */
static void
attach_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  static const char * const types[] = { "image/png", "image/jpeg", "image/gif", "image/webp" };
  CairnComposer *self = CAIRN_COMPOSER (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Attach Images"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Attach"), NULL);
  gtk_file_filter_set_name (filter, _("Images"));
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    gtk_file_filter_add_mime_type (filter, types[i]);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (self->chooser), TRUE);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Typing */

static void
draft_changed (CairnComposer *self)
{
  if (!self->restoring)
    g_signal_emit (self, signals[DRAFT_CHANGED], 0);
}

static void
buffer_changed_cb (CairnComposer *self,
                   GtkTextBuffer *buffer)
{
  draft_changed (self);
  forget_recall_if_edited (self);
  update_completions (self);
  update_send_action (self);
  gtk_widget_set_visible (GTK_WIDGET (self->placeholder), gtk_text_buffer_get_char_count (buffer) == 0);
}

static void
cursor_moved_cb (CairnComposer *self)
{
  /* moving the cursor out of an "@word" closes its completions */
  if (self->completing == COMPLETING_FILE)
    update_completions (self);
}

static void
tray_changed_cb (CairnComposer *self)
{
  update_send_action (self);
  if (self->restoring && !cairn_attachment_tray_get_busy (self->tray))
    self->restoring = FALSE;
  draft_changed (self);
}

static gboolean
key_pressed_cb (CairnComposer         *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  if (completion_key (self, keyval) || history_key (self, keyval, state))
    return TRUE;
  /* Shift+Tab cycles the permission mode, as in the CLI. */
  if (keyval == GDK_KEY_ISO_Left_Tab || (keyval == GDK_KEY_Tab && (state & GDK_SHIFT_MASK)))
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.cycle-mode", NULL);
      return TRUE;
    }
  if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_ISO_Enter)
    return FALSE;
  /* Shift+Enter (and Ctrl+Enter) fall through to the text view: new line. */
  if (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK))
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "composer.send", NULL);
  return TRUE;
}

static gboolean
cairn_composer_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (CAIRN_COMPOSER (widget)->text_view));
}

static void
cairn_composer_dispose (GObject *object)
{
  CairnComposer *self = (CairnComposer *)object;

  g_cancellable_cancel (self->cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  if (self->completions != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->completions));
  self->completions = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_COMPOSER);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->file_index);
  g_clear_object (&self->history);

  G_OBJECT_CLASS (cairn_composer_parent_class)->dispose (object);
}

static void
cairn_composer_finalize (GObject *object)
{
  CairnComposer *self = (CairnComposer *)object;

  g_clear_pointer (&self->sending_text, g_free);

  G_OBJECT_CLASS (cairn_composer_parent_class)->finalize (object);
}

static void
cairn_composer_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CairnComposer *self = CAIRN_COMPOSER (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_composer_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  CairnComposer *self = CAIRN_COMPOSER (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      cairn_composer_set_busy (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_composer_class_init (CairnComposerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_composer_dispose;
  object_class->finalize = cairn_composer_finalize;
  object_class->get_property = cairn_composer_get_property;
  object_class->set_property = cairn_composer_set_property;
  widget_class->grab_focus = cairn_composer_grab_focus;

  properties [PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CairnComposer::send:
   * @text: the prompt, without surrounding white space; may be empty when
   *   there are images
   * @images: (nullable) (element-type CairnAttachment): the attached
   *   images, saved into the project
   */
  signals [SEND] =
    g_signal_new ("send", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_PTR_ARRAY);
  /* The text or the images changed (by the user, not by set_draft()). */
  signals [DRAFT_CHANGED] =
    g_signal_new ("draft-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (CAIRN_TYPE_ATTACHMENT_TRAY);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-composer.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "composer");
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, box);
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, tray);
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, text_view);
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, placeholder);
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, attach_button);
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, stop_button);
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, send_button);

  gtk_widget_class_install_action (widget_class, "composer.send", NULL, send_action);
  gtk_widget_class_install_action (widget_class, "composer.attach", NULL, attach_action);
}

static void
cairn_composer_init (CairnComposer *self)
{
  GtkEventController *keys;
  GtkTextBuffer *buffer;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  self->history = cairn_prompt_history_new ();
  self->completions = cairn_command_popover_new ();
  gtk_widget_set_parent (GTK_WIDGET (self->completions), GTK_WIDGET (self->text_view));
  g_signal_connect_object (self->completions, "chosen", G_CALLBACK (completion_chosen_cb),
                           self, G_CONNECT_SWAPPED);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->text_view), keys);
  g_signal_connect_object (self->text_view, "paste-clipboard", G_CALLBACK (_cairn_composer_paste_clipboard_cb),
                           self, G_CONNECT_SWAPPED);
  self->own_drop_target = _cairn_composer_drop_target_new (self);
  gtk_widget_add_controller (GTK_WIDGET (self), self->own_drop_target);

  g_signal_connect_object (self->tray, "notify::n-attachments", G_CALLBACK (tray_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tray, "notify::busy", G_CALLBACK (tray_changed_cb),
                           self, G_CONNECT_SWAPPED);
  buffer = get_buffer (self);
  g_signal_connect_object (buffer, "changed", G_CALLBACK (buffer_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (buffer, "notify::cursor-position", G_CALLBACK (cursor_moved_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "composer.send", FALSE);
}

gboolean
cairn_composer_get_busy (CairnComposer *self)
{
  g_return_val_if_fail (CAIRN_IS_COMPOSER (self), FALSE);
  return self->busy;
}

/**
 * cairn_composer_set_busy:
 *
 * While a turn runs, the Stop button shows. Sending stays possible: the CLI
 * queues the prompt and runs it after the current turn.
 */
void
cairn_composer_set_busy (CairnComposer *self,
                         gboolean       busy)
{
  g_return_if_fail (CAIRN_IS_COMPOSER (self));

  busy = !!busy;
  if (self->busy == busy)
    return;
  self->busy = busy;
  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/**
 * cairn_composer_dup_attachments:
 *
 * Returns: (transfer full) (element-type CairnAttachment): the images
 *   attached so far
 */
GPtrArray *
cairn_composer_dup_attachments (CairnComposer *self)
{
  GListModel *attachments;
  GPtrArray *copy = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (CAIRN_IS_COMPOSER (self), copy);

  attachments = cairn_attachment_tray_get_attachments (self->tray);
  for (guint i = 0; i < g_list_model_get_n_items (attachments); i++)
    g_ptr_array_add (copy, g_list_model_get_item (attachments, i));
  return copy;
}

/**
 * cairn_composer_set_draft:
 * @text: (nullable): the text to show
 * @image_files: (nullable) (element-type GFile): images to attach
 *
 * Replaces what the composer holds with a kept draft (another
 * conversation's, or one from before a crash), without announcing it as a
 * change: it is already kept.
 */
void
cairn_composer_set_draft (CairnComposer *self,
                          const char    *text,
                          GPtrArray     *image_files)
{
  GSList *files = NULL;

  g_return_if_fail (CAIRN_IS_COMPOSER (self));

  self->restoring = TRUE;
  gtk_text_buffer_set_text (get_buffer (self), text ? text : "", -1);
  cairn_attachment_tray_clear (self->tray);
  for (guint i = 0; image_files != NULL && i < image_files->len; i++)
    files = g_slist_append (files, image_files->pdata[i]);
  if (files != NULL)
    cairn_attachment_tray_add_files (self->tray, files);
  g_slist_free (files);
  /* without images to check, the draft is back already */
  if (!cairn_attachment_tray_get_busy (self->tray))
    self->restoring = FALSE;
}
