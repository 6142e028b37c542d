package main

// A minimal client of the Chrome DevTools protocol over a WebSocket, for
// the browser test: enough to open a page, evaluate JavaScript and take
// screenshots, with no dependency outside the standard library.

import (
	"bufio"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"
)

type cdp struct {
	conn    net.Conn
	r       *bufio.Reader
	mu      sync.Mutex
	next    int
	waiting map[int]chan cdpReply
	session string
	readErr error
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// dialCDP opens the WebSocket at wsURL (ws://host:port/path).
func dialCDP(wsURL string) (*cdp, error) {
	u, err := url.Parse(wsURL)
	if err != nil {
		return nil, err
	}
	conn, err := net.DialTimeout("tcp", u.Host, 10*time.Second)
	if err != nil {
		return nil, err
	}
	key := make([]byte, 16)
	rand.Read(key)
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
		u.RequestURI(), u.Host, base64.StdEncoding.EncodeToString(key))
	r := bufio.NewReaderSize(conn, 1<<16)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		conn.Close()
		return nil, err
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		conn.Close()
		return nil, fmt.Errorf("websocket handshake: %s", resp.Status)
	}
	c := &cdp{conn: conn, r: r, waiting: map[int]chan cdpReply{}}
	go c.readLoop()
	return c, nil
}

func (c *cdp) Close() error { return c.conn.Close() }

// readMessage reads one whole (possibly fragmented) message.
func (c *cdp) readMessage() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(c.r, h[:]); err != nil {
			return nil, err
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0f
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var b [2]byte
			if _, err := io.ReadFull(c.r, b[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(b[:]))
		case 127:
			var b [8]byte
			if _, err := io.ReadFull(c.r, b[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(b[:])
		}
		if n > 1<<28 {
			return nil, errors.New("websocket frame too large")
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(c.r, payload); err != nil {
			return nil, err
		}
		switch op {
		case 8:
			return nil, io.EOF
		case 9, 10: // ping, pong: chromium does not ping its clients
			continue
		}
		msg = append(msg, payload...)
		if fin {
			return msg, nil
		}
	}
}

func (c *cdp) readLoop() {
	for {
		m, err := c.readMessage()
		if err != nil {
			c.mu.Lock()
			c.readErr = err
			for id, ch := range c.waiting {
				close(ch)
				delete(c.waiting, id)
			}
			c.mu.Unlock()
			return
		}
		var head struct {
			ID int `json:"id"`
			cdpReply
		}
		if json.Unmarshal(m, &head) != nil || head.ID == 0 {
			continue // an event
		}
		c.mu.Lock()
		ch := c.waiting[head.ID]
		delete(c.waiting, head.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- head.cdpReply
		}
	}
}

// writeText sends one masked text frame, as a client must.
func (c *cdp) writeText(p []byte) error {
	var h []byte
	h = append(h, 0x81)
	switch n := len(p); {
	case n < 126:
		h = append(h, 0x80|byte(n))
	case n < 1<<16:
		h = append(h, 0x80|126, byte(n>>8), byte(n))
	default:
		h = append(h, 0x80|127)
		h = binary.BigEndian.AppendUint64(h, uint64(n))
	}
	var mask [4]byte
	rand.Read(mask[:])
	h = append(h, mask[:]...)
	body := make([]byte, len(p))
	for i := range p {
		body[i] = p[i] ^ mask[i%4]
	}
	_, err := c.conn.Write(append(h, body...))
	return err
}

// call sends method with params (to the attached page, once attached) and
// decodes the result into out.
func (c *cdp) call(method string, params any, out any) error {
	c.mu.Lock()
	if c.readErr != nil {
		c.mu.Unlock()
		return c.readErr
	}
	c.next++
	id := c.next
	ch := make(chan cdpReply, 1)
	c.waiting[id] = ch
	session := c.session
	c.mu.Unlock()
	msg := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	b, _ := json.Marshal(msg)
	if err := c.writeText(b); err != nil {
		return err
	}
	select {
	case r, ok := <-ch:
		if !ok {
			return fmt.Errorf("%s: connection closed", method)
		}
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	case <-time.After(60 * time.Second):
		return fmt.Errorf("%s: no answer in 60 s", method)
	}
}

// openPage creates a page target and attaches to it: later calls go to it.
func (c *cdp) openPage() error {
	var t struct {
		TargetID string `json:"targetId"`
	}
	if err := c.call("Target.createTarget", map[string]any{"url": "about:blank"}, &t); err != nil {
		return err
	}
	var a struct {
		SessionID string `json:"sessionId"`
	}
	if err := c.call("Target.attachToTarget", map[string]any{"targetId": t.TargetID, "flatten": true}, &a); err != nil {
		return err
	}
	c.mu.Lock()
	c.session = a.SessionID
	c.mu.Unlock()
	return c.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 1100, "height": 900, "deviceScaleFactor": 1, "mobile": false}, nil)
}

// eval evaluates a JavaScript expression and returns its value as a string.
func (c *cdp) eval(expr string) (string, error) {
	var r struct {
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := c.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r); err != nil {
		return "", err
	}
	if r.ExceptionDetails != nil {
		return "", fmt.Errorf("javascript: %s", r.ExceptionDetails.Text)
	}
	if r.Result.Value == nil {
		return "", nil
	}
	return fmt.Sprint(r.Result.Value), nil
}

// screenshot returns a PNG of the page.
func (c *cdp) screenshot() ([]byte, error) {
	var r struct {
		Data string `json:"data"`
	}
	if err := c.call("Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}
