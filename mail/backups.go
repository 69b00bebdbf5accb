package mail

// BackupFailed tells an administrator a scheduled backup of the database
// failed, why, when the next is due, and where to retry it.
func BackupFailed(s Site, to, reason, next, jobsLink string) Message {
	return build(to, "A backup of "+s.Name+" failed", email{
		Site: s,
		Intro: []string{"The scheduled backup of the database failed:", "“" + reason + "”",
			"The newest backup that succeeded is on the status page. The next backup is due " + next + "; you can also run this one again from the job queue, or take one by hand with `bizprofile backup`."},
		Button: linkTo("Open the job queue", jobsLink),
		Why:    "You receive this because you are an administrator of " + s.Name + ".",
	})
}
