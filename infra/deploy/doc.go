// Package deploy holds the deploy scripts of the AWS stack (site.sh uploads the site and its
// config.json) and their tests, which run the scripts against a fake aws command.
package deploy
